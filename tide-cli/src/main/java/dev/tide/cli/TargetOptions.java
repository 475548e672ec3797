package dev.tide.cli;

import dev.tide.api.TaskQueue;
import dev.tide.client.TideClient;
import dev.tide.core.DataFolderLock;
import dev.tide.core.Tide;
import dev.tide.core.TideConfig;
import java.net.URI;
import java.nio.file.Path;
import java.util.Optional;
import picocli.CommandLine.Option;

/**
 * Where a command finds the queue. In order: {@code --server} (a running server's URL); {@code --db} (PostgreSQL,
 * opened directly: many processes may share it); else the data folder: through the server that holds it if one does
 * (its address is in {@code server.json}), or opened directly, locked for the command's duration.
 */
final class TargetOptions {
    @Option(
            names = "--data",
            defaultValue = "tide-data",
            description = "Data folder of the embedded SQLite store (default: ${DEFAULT-VALUE}).")
    Path data;

    @Option(names = "--db", description = "PostgreSQL JDBC URL, e.g. jdbc:postgresql://127.0.0.1:5432/tide?user=tide.")
    String db;

    @Option(names = "--server", description = "URL of a running Tide server, e.g. http://127.0.0.1:7070.")
    URI server;

    /** An open queue and what it is, for messages. */
    record Target(TaskQueue queue, String description) implements AutoCloseable {
        @Override
        public void close() {
            queue.close();
        }
    }

    Target open(String purpose) {
        if (server != null) {
            return new Target(TideClient.connect(server), "server " + server);
        }
        if (db != null) {
            return new Target(oneShot(Tide.builder().postgres(db)), "PostgreSQL");
        }
        Optional<ServerFile> running = runningServer();
        if (running.isPresent()) {
            return new Target(
                    TideClient.connect(running.get().url()),
                    "server " + running.get().url());
        }
        return new Target(oneShot(Tide.builder().sqlite(data).purpose(purpose)), data.toString());
    }

    /**
     * The engine itself, for a command that runs tasks in this process: on {@code --db}, else on the data folder, which
     * must not be held by a server (the server runs its own cycles). {@code --server} is refused.
     */
    Tide openEngine(String purpose) {
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
        if (server != null || db != null || DataFolderLock.holder(data) == null) {
            return Optional.empty();
        }
        return ServerFile.read(data);
    }

    /** An engine for one command: no maintenance thread, the command does its work and closes it. */
    private static Tide oneShot(Tide.Builder builder) {
        return builder.config(TideConfig.defaults().withMaintenanceInterval(null))
                .build();
    }
}
