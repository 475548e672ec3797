package dev.tide.cli;

import dev.tide.api.TaskQueue;
import dev.tide.api.auth.Accounts;
import dev.tide.client.TideClient;
import dev.tide.config.LoadedSettings;
import dev.tide.config.SettingsLoader;
import dev.tide.config.StoreKind;
import dev.tide.core.DataFolderLock;
import dev.tide.core.Tide;
import dev.tide.core.TideBuilder;
import dev.tide.core.TideConfig;
import dev.tide.core.store.sqlite.SqliteStore;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParseResult;
import picocli.CommandLine.Spec;

/**
 * Where a command finds the queue. In order: {@code --server} (a running server's URL); {@code --db} (PostgreSQL,
 * opened directly: many processes may share it); else the data folder: through the server that holds it if one does
 * (its address and an administrator's token are in {@code server.json}), or opened directly, locked for the command's
 * duration.
 *
 * <p>A server asks for a bearer token: {@code --token-file}, else the environment variable {@code --token-env} names
 * ({@code TIDE_TOKEN} by default). Opening a database directly needs none: whoever can open it is its administrator.
 */
final class TargetOptions {
    static final String DEFAULT_TOKEN_ENV = "TIDE_TOKEN";

    @Option(
            names = "--data",
            defaultValue = "tide-data",
            description = "Data folder of the embedded SQLite store (default: ${DEFAULT-VALUE}).")
    Path data;

    @Option(names = "--db", description = "PostgreSQL JDBC URL, e.g. jdbc:postgresql://127.0.0.1:5432/tide?user=tide.")
    String db;

    @Option(
            names = "--config",
            paramLabel = "FILE",
            description =
                    "A settings file (tide.yaml; docs/operations.md, \"Configuration file\"). tide server reads all"
                            + " of it; other commands the store it names (tide.store, tide.data-folder, tide.postgres.*)."
                            + " TIDE_ environment variables override the file, --data and --db both.")
    Path config;

    @Spec(Spec.Target.MIXEE)
    CommandSpec command;

    private boolean configApplied;

    @Option(names = "--server", description = "URL of a running Tide server, e.g. http://127.0.0.1:7070.")
    URI server;

    @Option(
            names = "--token-env",
            paramLabel = "VAR",
            description = "The environment variable holding the token for --server (default: TIDE_TOKEN).")
    String tokenEnv;

    @Option(names = "--token-file", paramLabel = "FILE", description = "A file holding the token for --server.")
    Path tokenFile;

    @Option(
            names = "--trust-store",
            paramLabel = "FILE",
            description = "A PKCS12 trust store (or the server's keystore) to trust an https --server's certificate.")
    Path trustStore;

    @Option(
            names = "--trust-store-password-env",
            paramLabel = "VAR",
            description = "The environment variable holding the trust store's password (default: none).")
    String trustStorePasswordEnv;

    /** An open queue, the users of the server or store behind it, and what it is, for messages. */
    record Target(TaskQueue queue, Accounts accounts, String description) implements AutoCloseable {
        @Override
        public void close() {
            queue.close();
        }
    }

    Target open(String purpose) {
        return open(purpose, false);
    }

    /**
     * Opens the target for a command that only reads: a data folder that holds no database yet is not made (a folder
     * and an empty database would be left behind by a typo); the command fails saying where it looked.
     */
    Target openToRead(String purpose) {
        return open(purpose, true);
    }

    private Target open(String purpose, boolean readOnly) {
        applyConfig();
        if (server != null) {
            return remote(server, token());
        }
        if (db != null) {
            return local(oneShot(Tide.builder().postgres(db)), "PostgreSQL");
        }
        Optional<ServerFile> running = runningServer();
        if (running.isPresent()) {
            return remote(running.get().url(), running.get().token());
        }
        if (readOnly && !Files.exists(data.resolve(SqliteStore.FILE_NAME))) {
            throw new IllegalArgumentException(
                    "no Tide data in " + data.toAbsolutePath().normalize() + " (no " + SqliteStore.FILE_NAME
                            + " there); pass --data DIR, --db URL or --server URL");
        }
        return local(oneShot(Tide.builder().sqlite(data).purpose(purpose)), data.toString());
    }

    private Target remote(URI url, String token) {
        TideClient.Builder client = TideClient.builder(url);
        if (token != null) {
            client.token(token);
        }
        if (trustStore != null) {
            client.trustStore(trustStore, secret(trustStorePasswordEnv, "--trust-store-password-env", ""));
        }
        TideClient connected = client.build();
        return new Target(connected, connected.accounts(), "server " + url);
    }

    private static Target local(Tide tide, String description) {
        return new Target(tide, tide.accounts(), description);
    }

    /** The token for {@code --server}: from {@code --token-file}, else the environment; null when none is given. */
    private String token() {
        if (tokenFile != null) {
            try {
                String token = Files.readString(tokenFile).strip();
                if (token.isEmpty()) {
                    throw new IllegalArgumentException("--token-file " + tokenFile + " is empty");
                }
                return token;
            } catch (IOException e) {
                throw new IllegalArgumentException("--token-file " + tokenFile + ": cannot read it (" + e + ")");
            }
        }
        if (tokenEnv != null) {
            return new String(secret(tokenEnv, "--token-env", null));
        }
        String token = System.getenv(DEFAULT_TOKEN_ENV);
        return token == null || token.isBlank() ? null : token.strip();
    }

    /** The value of the environment variable {@code name}, or {@code fallback} when no variable is named. */
    private static char[] secret(String name, String option, String fallback) {
        if (name == null) {
            return fallback.toCharArray();
        }
        String value = System.getenv(name);
        if (value == null) {
            throw new IllegalArgumentException(option + ": the environment variable " + name + " is not set");
        }
        return value.strip().toCharArray();
    }

    /**
     * The engine itself, for a command that runs tasks in this process: on {@code --db}, else on the data folder, which
     * must not be held by a server (the server runs its own cycles). {@code --server} is refused.
     */
    Tide openEngine(String purpose) {
        applyConfig();
        if (server != null) {
            throw new IllegalArgumentException(
                    purpose + " runs tasks in this process on the store itself; it cannot run"
                            + " against --server (a server runs its queue clients with its own scheduler)");
        }
        if (db != null) {
            return oneShot(Tide.builder().postgres(db));
        }
        Optional<ServerFile> running = runningServer();
        if (running.isPresent()) {
            throw new IllegalArgumentException("the server at " + running.get().url() + " (pid "
                    + running.get().pid() + ") holds " + data + "; stop it, or let it run its queue clients itself");
        }
        return oneShot(Tide.builder().sqlite(data).purpose(purpose));
    }

    /** The server holding the data folder, if one is running. */
    Optional<ServerFile> runningServer() {
        applyConfig();
        if (server != null || db != null || DataFolderLock.holder(data) == null) {
            return Optional.empty();
        }
        return ServerFile.read(data);
    }

    /**
     * With {@code --config}, takes the store from the settings (the file, then the environment, then {@code --data} or
     * {@code --db} when given): the data folder, or the PostgreSQL URL with its schema and password. Once.
     */
    private void applyConfig() {
        if (config == null || configApplied || server != null) {
            return;
        }
        configApplied = true;
        List<SettingsLoader.Flag> flags = new ArrayList<>();
        ParseResult parsed = command.commandLine().getParseResult();
        if (parsed != null && parsed.hasMatchedOption("--data")) {
            flags.add(new SettingsLoader.Flag("tide.data-folder", "--data", data.toString()));
        }
        if (db != null) {
            flags.add(new SettingsLoader.Flag("tide.store", "--db", "postgresql"));
            flags.add(new SettingsLoader.Flag("tide.postgres.url", "--db", db));
        }
        LoadedSettings loaded = SettingsLoader.load(config, System.getenv(), flags);
        if (loaded.settings().store() == StoreKind.POSTGRESQL) {
            db = loaded.postgresUrl(System.getenv());
        } else {
            data = loaded.settings().dataFolder();
        }
    }

    /** The settings file given, or null: {@code tide server} reads the rest of it. */
    Path configFile() {
        return config;
    }

    /** An engine for one command: no maintenance thread, the command does its work and closes it. */
    private static Tide oneShot(TideBuilder builder) {
        return builder.config(TideConfig.defaults().withMaintenanceInterval(null))
                .build();
    }
}
