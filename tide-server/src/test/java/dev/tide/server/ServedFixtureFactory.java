package dev.tide.server;

import dev.tide.api.TaskQueue;
import dev.tide.client.TideClient;
import dev.tide.core.Tide;
import dev.tide.core.TideConfig;
import dev.tide.core.contract.FixtureFactory;
import dev.tide.core.contract.QueueFixture;
import dev.tide.core.testing.TestUsers;
import java.time.InstantSource;

/**
 * Puts a server on loopback in front of the engines another factory opens (PostgreSQL's, say), and gives each test a
 * {@link TideClient} to it, acting as an administrator: a contract suite then runs over HTTP on that store.
 */
final class ServedFixtureFactory implements FixtureFactory {
    private final FixtureFactory engines;

    ServedFixtureFactory(FixtureFactory engines) {
        this.engines = engines;
    }

    @Override
    public QueueFixture open(InstantSource clock, TideConfig config) {
        QueueFixture inner = engines.open(clock, config);
        try {
            TideServer server =
                    TideServer.builder(inner.engine()).port(0).build().start();
            String token = TestUsers.adminToken(inner.engine().accounts());
            return new Served(
                    inner, server, TideClient.builder(server.uri()).token(token).build());
        } catch (RuntimeException e) {
            inner.close();
            throw e;
        }
    }

    private record Served(QueueFixture inner, TideServer server, TideClient client) implements QueueFixture {
        @Override
        public TaskQueue queue() {
            return client;
        }

        @Override
        public Tide engine() {
            return inner.engine();
        }

        @Override
        public void close() {
            try {
                client.close();
                server.stop();
            } finally {
                inner.close();
            }
        }
    }
}
