package dev.tide.server.dashboard;

import dev.tide.api.TaskQueue;
import dev.tide.api.auth.Accounts;
import dev.tide.api.auth.Caller;
import dev.tide.server.Authorization;
import dev.tide.server.EngineDefaults;
import dev.tide.server.ServerRoutes;
import dev.tide.server.SignInGuard;
import dev.tide.server.SignInLimits;
import io.javalin.config.RoutesConfig;
import jakarta.servlet.http.HttpServletRequest;
import java.time.InstantSource;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;

/**
 * Tide's web dashboard: pages to see and steer queues, tasks and jobs, served under a base path ({@code /ui} by
 * default). {@code tide server} mounts it beside the API; an application that embeds Tide starts it in its own process
 * with {@link #start}, signing people in with Tide's accounts or naming them with an authenticator of its own.
 *
 * <pre>{@code
 * Dashboard dashboard = Dashboard.builder(tide)
 *         .authenticator(request -> Optional.of(new Caller("ops", Set.of(Role.ADMIN))))
 *         .build();
 * try (DashboardServer server = dashboard.start("127.0.0.1", 8081)) { ... }
 * }</pre>
 *
 * <p>Pages are rendered on the server; the little script there is (live numbers, charts, confirmations) is served
 * from the dashboard's own assets, under a Content-Security-Policy that allows no other.
 */
public final class Dashboard {
    private final TaskQueue queue;
    private final DashboardSettings settings;
    private final Sessions sessions;
    private final InstantSource clock;
    private final Accounts accounts;
    private final ManagedObjects managed;
    private final Renderer renderer = new Renderer();

    private Dashboard(
            TaskQueue queue,
            DashboardSettings settings,
            Sessions sessions,
            InstantSource clock,
            Accounts accounts,
            ManagedObjects managed) {
        this.queue = queue;
        this.managed = managed;
        this.accounts = accounts;
        this.settings = settings;
        this.sessions = sessions;
        this.clock = clock;
    }

    public static Builder builder(TaskQueue queue) {
        return new Builder(queue);
    }

    /**
     * The dashboard as routes of a {@code TideServer} ({@code TideServer.builder(tide).routes(Dashboard.mount(s))}):
     * it signs people in with the server's accounts, counts their attempts against the server's own sign-in throttle,
     * and keeps the server's clock.
     */
    public static ServerRoutes mount(DashboardSettings settings) {
        return mount(settings, ManagedObjects.NONE);
    }

    /** As {@link #mount(DashboardSettings)}, marking the objects a configuration file manages. */
    public static ServerRoutes mount(DashboardSettings settings, ManagedObjects managed) {
        Objects.requireNonNull(settings, "settings");
        Objects.requireNonNull(managed, "managed");
        return (routes, services) -> builder(services.queue())
                .settings(settings)
                .managed(managed)
                .accounts(services.accounts())
                .authorization(services.authorization())
                .signInGuard(services.signIns())
                .clock(services.clock())
                .build()
                .addTo(routes);
    }

    public DashboardSettings settings() {
        return settings;
    }

    /** Adds the dashboard's routes to a Javalin application being configured (as {@code tide server} does). */
    public void addTo(RoutesConfig routes) {
        PageRoutes pages = new PageRoutes(routes, queue, sessions, renderer, settings, managed);
        StatusSnapshots counts = new StatusSnapshots(queue, clock);
        new Assets(settings.basePath()).addTo(pages);
        new SignInPages(sessions, renderer, settings).addTo(pages);
        new OverviewPage(clock, counts).addTo(pages);
        new QueuePages(clock, counts).addTo(pages);
        new TaskPages().addTo(pages);
        new BulkPages().addTo(pages);
        new JobPages().addTo(pages);
        new ProfilePages(clock).addTo(pages);
        new WorkerPages(clock).addTo(pages);
        new SchedulePages().addTo(pages);
        new ProcessorPages().addTo(pages);
        new StatisticsPage(clock).addTo(pages);
        new EventsPage().addTo(pages);
        new ParkingPage().addTo(pages);
        new IntakePage().addTo(pages);
        new SimulationPage().addTo(pages);
        if (accounts != null) {
            new UserPages(accounts).addTo(pages);
        }
    }

    /** Serves the dashboard alone, on its own port (0 picks a free one): for an application that embeds Tide. */
    public DashboardServer start(String host, int port) {
        return DashboardServer.start(this, host, port);
    }

    /** Configures a dashboard; every setting has a default. */
    public static final class Builder {
        private final TaskQueue queue;
        private DashboardSettings settings = DashboardSettings.DEFAULTS;
        private Accounts accounts;
        private Authorization authorization;
        private Function<HttpServletRequest, Optional<Caller>> authenticator;
        private SignInGuard signInGuard;
        private InstantSource clock;
        private ManagedObjects managed = ManagedObjects.NONE;

        private Builder(TaskQueue queue) {
            this.queue = Objects.requireNonNull(queue, "queue");
        }

        public Builder settings(DashboardSettings value) {
            this.settings = Objects.requireNonNull(value, "settings");
            return this;
        }

        /** Where the pages are served (default {@code /ui}); works behind a reverse proxy under the same prefix. */
        public Builder basePath(String value) {
            this.settings = settings.withBasePath(value);
            return this;
        }

        /** The users who sign in (default: the engine's, when the queue is a Tide engine). */
        public Builder accounts(Accounts value) {
            this.accounts = Objects.requireNonNull(value, "accounts");
            return this;
        }

        /** Who a token names (default: the accounts' tokens; a server passes its own). */
        public Builder authorization(Authorization value) {
            this.authorization = Objects.requireNonNull(value, "authorization");
            return this;
        }

        /**
         * Names the caller of each request in place of the dashboard's sign-in, e.g. from the host application's own
         * session; an empty answer is refused (401). The dashboard still checks its CSRF tokens.
         */
        public Builder authenticator(Function<HttpServletRequest, Optional<Caller>> value) {
            this.authenticator = Objects.requireNonNull(value, "authenticator");
            return this;
        }

        /** The throttle sign-in shares with the API's (a server passes its own; default: one of the dashboard's). */
        public Builder signInGuard(SignInGuard value) {
            this.signInGuard = Objects.requireNonNull(value, "signInGuard");
            return this;
        }

        /** The clock sessions expire by (default: the engine's, else the system's). */
        public Builder clock(InstantSource value) {
            this.clock = Objects.requireNonNull(value, "clock");
            return this;
        }

        /** The objects a configuration file manages, marked on their pages (default: none). */
        public Builder managed(ManagedObjects value) {
            this.managed = Objects.requireNonNull(value, "managed");
            return this;
        }

        public Dashboard build() {
            InstantSource time = clock != null ? clock : EngineDefaults.clockOf(queue);
            Accounts users = accounts != null ? accounts : EngineDefaults.accountsOf(queue);
            if (authenticator == null && users == null) {
                throw new IllegalArgumentException("a dashboard in front of something other than a Tide engine needs "
                        + "its users (Dashboard.Builder.accounts) or an authenticator of the application's own");
            }
            Authorization auth = authorization != null ? authorization : users == null ? null : Authorization.of(users);
            SignInGuard guard = signInGuard != null ? signInGuard : new SignInGuard(SignInLimits.DEFAULTS, time);
            return new Dashboard(
                    queue,
                    settings,
                    new Sessions(users, auth, authenticator, guard, settings, time),
                    time,
                    users,
                    managed);
        }
    }
}
