package dev.tide.server;

import dev.tide.api.TaskQueue;
import dev.tide.api.auth.Accounts;
import dev.tide.client.TideClient;
import dev.tide.core.Tide;
import dev.tide.core.contract.QueueFixture;
import dev.tide.core.testing.TempFolders;
import java.nio.file.Path;
import java.time.InstantSource;

/** A real engine on SQLite behind a real server on loopback, reached through a real client. */
public record HttpFixture(
        TideClient client, TideServer server, Tide engine, InstantSource clock, Path folder, String adminToken)
        implements QueueFixture {

    @Override
    public Accounts accounts() {
        return client.accounts();
    }

    @Override
    public TaskQueue queue() {
        return client;
    }

    @Override
    public void close() {
        try {
            client.close();
            server.stop();
        } finally {
            engine.close();
            TempFolders.delete(folder);
        }
    }
}
