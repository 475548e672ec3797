package dev.tide.server.dashboard;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tide.api.QueueDefinition;
import dev.tide.api.auth.NewAccount;
import dev.tide.api.auth.Role;
import dev.tide.core.Tide;
import dev.tide.core.TideConfig;
import dev.tide.core.contract.QueueFixture;
import dev.tide.core.testing.SqliteFixtures;
import dev.tide.core.time.ManualClock;
import dev.tide.server.TideServer;
import java.util.Set;

/**
 * What the dashboard's page tests stand on: an engine on a fresh SQLite file, keeping the test's clock and doing no
 * maintenance of its own; three users (ada the admin, wes the worker, sam the submitter), one password; a queue named
 * {@code mail}; and a server on a free loopback port with the dashboard under {@code /ui}.
 */
final class DashboardSite implements AutoCloseable {
    static final String PASSWORD = "correct horse battery";

    private final QueueFixture fixture;
    private final TideServer server;

    DashboardSite(ManualClock clock) {
        fixture = SqliteFixtures.factory().open(clock, TideConfig.defaults().withMaintenanceInterval(null));
        Tide engine = fixture.engine();
        engine.accounts().addAccount(new NewAccount("ada", Set.of(Role.ADMIN), PASSWORD, null, null));
        engine.accounts().addAccount(new NewAccount("wes", Set.of(Role.WORKER), PASSWORD, null, null));
        engine.accounts().addAccount(new NewAccount("sam", Set.of(Role.SUBMITTER), PASSWORD, null, null));
        engine.queues().define(QueueDefinition.named("mail"));
        server = TideServer.builder(engine)
                .port(0)
                .routes(Dashboard.mount(DashboardSettings.DEFAULTS))
                .build()
                .start();
    }

    Tide engine() {
        return fixture.engine();
    }

    TideServer server() {
        return server;
    }

    /** A browser with no session yet. */
    DashboardHttp http() {
        return new DashboardHttp("http://127.0.0.1:" + server.port());
    }

    /** A browser signed in as {@code user}. */
    DashboardHttp signedIn(String user) {
        DashboardHttp http = http();
        assertThat(http.signIn("/ui", user, PASSWORD).statusCode()).isEqualTo(303);
        return http;
    }

    @Override
    public void close() {
        server.stop();
        fixture.close();
    }
}
