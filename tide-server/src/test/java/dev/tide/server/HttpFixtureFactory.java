package dev.tide.server;

import dev.tide.client.TideClient;
import dev.tide.core.Tide;
import dev.tide.core.TideConfig;
import dev.tide.core.contract.FixtureFactory;
import dev.tide.core.testing.TempFolders;
import dev.tide.core.testing.TestUsers;
import java.nio.file.Path;
import java.time.InstantSource;
import java.util.function.UnaryOperator;

/**
 * Opens each test's queue as a {@link TideClient} talking over loopback HTTP to a {@link TideServer} on a free port,
 * in front of a {@link Tide} engine on SQLite in a fresh temporary folder. The client acts as an administrator.
 */
public final class HttpFixtureFactory implements FixtureFactory {
    private final UnaryOperator<TideServer.Builder> serverSettings;

    public HttpFixtureFactory() {
        this(UnaryOperator.identity());
    }

    /** With changes to the server's settings (body limit, claim wait cap, ...). */
    public HttpFixtureFactory(UnaryOperator<TideServer.Builder> serverSettings) {
        this.serverSettings = serverSettings;
    }

    @Override
    public HttpFixture open(InstantSource clock, TideConfig config) {
        Path folder = TempFolders.create("tide-http-");
        Tide engine = null;
        TideServer server = null;
        try {
            engine = Tide.builder().sqlite(folder).clock(clock).config(config).build();
            server = serverSettings
                    .apply(TideServer.builder(engine).port(0))
                    .build()
                    .start();
            String token = TestUsers.adminToken(engine.accounts());
            TideClient client = TideClient.builder(server.uri()).token(token).build();
            return new HttpFixture(client, server, engine, clock, folder, token);
        } catch (RuntimeException e) {
            if (server != null) {
                server.stop();
            }
            if (engine != null) {
                engine.close();
            }
            TempFolders.delete(folder);
            throw e;
        }
    }
}
