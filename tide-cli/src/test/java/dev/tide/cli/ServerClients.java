package dev.tide.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tide.cli.testing.CliRun;
import dev.tide.client.TideClient;
import java.net.URI;
import java.nio.file.Path;
import java.util.List;

/**
 * Clients of {@code tide server} processes, holding the token an operator would: the administrator's token a server on
 * a data folder keeps in {@code server.json}, or one made on a PostgreSQL database with {@code tide user add} and
 * {@code tide user token --db}, as the first administrator is made.
 */
final class ServerClients {
    private ServerClients() {}

    /** A client of the server started with {@code storage} ({@code --data DIR} or {@code --db URL}). */
    static TideClient connect(String url, List<String> storage) {
        return TideClient.builder(URI.create(url)).token(token(storage)).build();
    }

    /** The administrator's token for the server started with {@code storage}. */
    static String token(List<String> storage) {
        int data = storage.indexOf("--data");
        if (data >= 0) {
            return ofFolder(Path.of(storage.get(data + 1)));
        }
        return adminToken(storage.get(storage.indexOf("--db") + 1));
    }

    /** The token the server holding {@code folder} wrote in its {@code server.json}. */
    static String ofFolder(Path folder) {
        return ServerFile.read(folder)
                .orElseThrow(() -> new AssertionError("no server.json in " + folder))
                .token();
    }

    /** A new token of the administrator {@code admin} of the database, added first if missing. */
    static String adminToken(String db) {
        CliRun added = CliRun.of("user", "add", "admin", "--role", "admin", "--db", db);
        assertThat(added.code() == 0 || added.err().contains("exists"))
                .as(added.err())
                .isTrue();
        CliRun token = CliRun.of("user", "token", "admin", "--label", "test", "--db", db);
        assertThat(token.code()).as(token.err()).isZero();
        return token.out().strip();
    }
}
