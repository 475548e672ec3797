package dev.tide.server;

import dev.tide.api.TaskQueue;
import dev.tide.api.auth.AccountWorkers;
import dev.tide.api.auth.Accounts;
import dev.tide.api.auth.Owners;
import dev.tide.api.json.Json;
import dev.tide.core.Tide;
import dev.tide.core.TideConfig;
import io.javalin.Javalin;
import io.javalin.config.JavalinConfig;
import io.javalin.json.JavalinJackson;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import java.net.InetAddress;
import java.net.URI;
import java.net.UnknownHostException;
import java.nio.file.Path;
import java.time.Duration;
import java.time.InstantSource;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ConcurrentSkipListMap;
import org.eclipse.jetty.server.HttpConfiguration;
import org.eclipse.jetty.server.HttpConnectionFactory;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import org.eclipse.jetty.util.VirtualThreads;
import org.eclipse.jetty.util.thread.QueuedThreadPool;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Tide's HTTP/JSON API over a {@link TaskQueue} (normally an embedded {@link Tide} engine).
 *
 * <pre>{@code
 * try (Tide tide = Tide.builder().sqlite(Path.of("tide-data")).build();
 *         TideServer server = TideServer.builder(tide).port(7070).build().start()) {
 *     ...
 * }
 * }</pre>
 *
 * <p>Every request but the probes, the API document and sign-in carries a bearer token ({@link Authorization}); each
 * route names the roles that may call it ({@link Access}), and submitters see only their own tasks and jobs. The queue
 * also keeps worker names per account ({@link AccountWorkers}, as {@link Tide} does): the server claims for its caller,
 * and a worker account lists, resumes and releases only its own leases.
 *
 * <p>Requests run on virtual threads, so a long-polling claim blocks cheaply. Bodies above {@link Builder#maxBodyBytes}
 * are refused with a 413 before they are parsed. {@link #stop()} is graceful: the health check turns 503, waiting
 * claims end early, new connections are refused, and requests in flight may finish within
 * {@link Builder#stopTimeout}.
 *
 * <p>The server does not own the queue: closing the queue is the caller's business, after stopping the server.
 */
public final class TideServer implements AutoCloseable {
    private static final Logger log = LoggerFactory.getLogger(TideServer.class);

    private final Settings settings;
    private final Lifecycle lifecycle = new Lifecycle();
    private final Map<String, Set<Access>> endpoints = new ConcurrentSkipListMap<>();
    private final Javalin javalin;
    private volatile int boundPort = -1;

    private TideServer(TaskQueue queue, Settings settings) {
        this.settings = settings;
        this.javalin = Javalin.create(config -> configure(config, queue));
    }

    public static Builder builder(TaskQueue queue) {
        return new Builder(queue);
    }

    private void configure(JavalinConfig config, TaskQueue queue) {
        config.startup.showJavalinBanner = false;
        config.startup.startupWatcherEnabled = false;
        config.jetty.host = settings.host;
        config.jetty.port = settings.port;
        config.jetty.threadPool = threadPool();
        // with a connector of our own, Javalin adds none: this one speaks HTTPS only when TLS is configured
        config.jetty.addConnector(this::connector);
        config.concurrency.useVirtualThreads = true;
        config.jetty.modifyServer(server -> {
            server.setStopTimeout(settings.stopTimeout.toMillis());
            server.insertHandler(new JsonGracefulHandler());
            server.setErrorHandler(new JsonErrorHandler(settings.limits));
        });
        config.http.prefer405over404 = true;
        config.http.maxRequestSize = settings.maxBodyBytes;
        config.jsonMapper(new JavalinJackson(Json.mapper(), false));
        config.events.handlerAdded(added -> {
            if (added.getHttpMethod().isHttpMethod() && !added.getRoles().contains(Access.DASHBOARD)) {
                Set<Access> access = EnumSet.noneOf(Access.class);
                added.getRoles().forEach(role -> access.add((Access) role));
                endpoints.put(added.getHttpMethod() + " " + added.getPath(), access);
            }
        });

        JsonBody body = new JsonBody(settings.maxBodyBytes, settings.limits);
        AccountWorkers workers = (AccountWorkers) queue; // checked by build()
        new ErrorMapper().addTo(config.routes);
        UnreadBody.addTo(config.routes);
        new StatusRoutes(queue, lifecycle).addTo(config.routes);
        new Authentication(settings.authorization).addTo(config.routes);
        new DocumentedQueryParameters(ApiDocument.tree()).addTo(config.routes);
        new Ownership(settings.owners, IdPlaces.served(), body).addTo(config.routes);
        SignInGuard signIns = new SignInGuard(settings.signIn, settings.clock);
        new UserRoutes(settings.accounts, body, signIns).addTo(config.routes);
        new EventRoutes(queue).addTo(config.routes);
        new StatsRoutes(queue, settings.clock).addTo(config.routes);
        new TaskRoutes(queue, workers, body).addTo(config.routes);
        new DependentRoutes(queue, settings.owners).addTo(config.routes);
        new BulkRoutes(queue, body).addTo(config.routes);
        new ClaimRoutes(workers, body, new LongPoll(workers, settings.maxClaimWait, lifecycle)).addTo(config.routes);
        new HeartbeatRoutes(queue, body).addTo(config.routes);
        new AckRoutes(queue, body).addTo(config.routes);
        new JobRoutes(queue, body).addTo(config.routes);
        new WorkerRoutes(workers, body).addTo(config.routes);
        new TypeRoutes(queue, body).addTo(config.routes);
        new QueueRoutes(queue, body).addTo(config.routes);
        new ProfileRoutes(queue, body).addTo(config.routes);
        new ProcessorRoutes(queue, body).addTo(config.routes);
        new ScheduleRoutes(queue, body).addTo(config.routes);
        new IntakeRoutes(queue, body).addTo(config.routes);
        new OpenApiRoutes().addTo(config.routes);
        QueueDepthGauges depths = new QueueDepthGauges(settings.prometheus, () -> ServerMetrics.depths(queue));
        new MetricsRoutes(settings.prometheus, depths).addTo(config.routes);
        ServerServices services =
                new ServerServices(queue, settings.accounts, settings.authorization, signIns, settings.clock);
        settings.extra.forEach(extra -> extra.addTo(config.routes, services));
    }

    /** The one connector, plain or TLS, with {@link RequestLimits} on its connections. */
    private ServerConnector connector(Server server, HttpConfiguration http) {
        HttpConnectionFactory http1 = settings.limits.http(http);
        if (settings.tls != null) {
            return settings.limits.applyTo(settings.tls.connector(server, http, http1, settings.host, settings.port));
        }
        ServerConnector plain = new ServerConnector(server, http1);
        plain.setHost(settings.host);
        plain.setPort(settings.port);
        return settings.limits.applyTo(plain);
    }

    /**
     * Every route this server registered, as {@code "GET /v1/tasks/{id}"}: what the OpenAPI document must describe,
     * no more and no less (its test compares the two).
     */
    Set<String> endpoints() {
        return Set.copyOf(endpoints.keySet());
    }

    /** Who may call each route, as {@link #endpoints()} names them: what the document's x-tide-access must say. */
    Map<String, Set<Access>> access() {
        return Map.copyOf(endpoints);
    }

    /**
     * Jetty's own threads (acceptor, selectors) stay on a small platform pool, as Jetty recommends; request handling
     * runs on a fresh virtual thread each, so thousands of waiting claims cost no platform threads.
     */
    private static QueuedThreadPool threadPool() {
        QueuedThreadPool pool = new QueuedThreadPool(32, 4);
        pool.setName("tide-http");
        pool.setVirtualThreadsExecutor(VirtualThreads.getNamedVirtualThreadsExecutor("tide-request-"));
        return pool;
    }

    /** Binds and starts serving; returns this server, ready. */
    public TideServer start() {
        javalin.start();
        boundPort = javalin.port();
        lifecycle.running();
        log.info("Tide server listening on {}", uri());
        return this;
    }

    /** The port bound (the free one picked when configured with 0); it stays known after a stop. */
    public int port() {
        if (boundPort < 0) {
            throw new IllegalStateException("the server has not started");
        }
        return boundPort;
    }

    /** The base URI clients connect to, e.g. {@code http://127.0.0.1:7070/}, or {@code https://...} with TLS. */
    public URI uri() {
        String host = settings.host.contains(":") ? "[" + settings.host + "]" : settings.host;
        return URI.create((settings.tls != null ? "https" : "http") + "://" + host + ":" + port() + "/");
    }

    /**
     * Stops gracefully: the health check answers 503 for {@link Builder#drainDelay} while everything else is still
     * served (so a load balancer can move traffic away), waiting claims return what they have, then new connections are
     * refused and requests in flight get up to {@link Builder#stopTimeout} to finish. Safe to call more than once.
     */
    public void stop() {
        if (!lifecycle.beginStopping()) {
            return;
        }
        try {
            if (!settings.drainDelay.isZero()) {
                Thread.sleep(settings.drainDelay);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            javalin.stop();
            lifecycle.stopped();
            log.info("Tide server stopped");
        }
    }

    @Override
    public void close() {
        stop();
    }

    private record Settings(
            String host,
            int port,
            long maxBodyBytes,
            Duration maxClaimWait,
            Duration stopTimeout,
            Duration drainDelay,
            PrometheusMeterRegistry prometheus,
            TlsKeystore tls,
            Accounts accounts,
            Authorization authorization,
            Owners owners,
            RequestLimits limits,
            SignInLimits signIn,
            InstantSource clock,
            List<ServerRoutes> extra) {}

    /** Configures a server; every setting has a default. */
    public static final class Builder {
        private final TaskQueue queue;
        private String host = "127.0.0.1";
        private int port = 7070;
        private Long maxBodyBytes;
        private Duration maxClaimWait = Duration.ofSeconds(60);
        private Duration stopTimeout = Duration.ofSeconds(10);
        private Duration drainDelay = Duration.ZERO;
        private PrometheusMeterRegistry prometheus;
        private TlsKeystore tls;
        private boolean allowPlainHttp;
        private Accounts accounts;
        private Authorization authorization;
        private Owners owners;
        private RequestLimits limits = RequestLimits.DEFAULTS;
        private SignInLimits signIn = SignInLimits.DEFAULTS;
        private InstantSource clock;
        private final List<ServerRoutes> extra = new java.util.ArrayList<>();

        private Builder(TaskQueue queue) {
            this.queue = Objects.requireNonNull(queue, "queue");
        }

        /** The address to bind (default {@code 127.0.0.1}: reachable from this machine only). */
        public Builder host(String value) {
            this.host = Objects.requireNonNull(value, "host");
            return this;
        }

        /** The port to bind (default 7070); 0 picks a free one, which {@link TideServer#port()} then tells. */
        public Builder port(int value) {
            if (value < 0 || value > 65535) {
                throw new IllegalArgumentException("port must be between 0 and 65535");
            }
            this.port = value;
            return this;
        }

        /**
         * The largest request body, in bytes; larger ones are refused with 413 before they are parsed. Default: the
         * engine's cap on task payloads ({@link Tide#taskPayloadCapBytes()}: its blob cap when it has a blob store)
         * plus 1 MiB, so one task at the cap fits with its envelope, and so do batches of ordinary tasks.
         */
        public Builder maxBodyBytes(long value) {
            if (value < 1) {
                throw new IllegalArgumentException("maxBodyBytes must be positive");
            }
            this.maxBodyBytes = value;
            return this;
        }

        /** The longest a claim may wait for work (default 60 s); longer {@code waitFor}s are cut to it. */
        public Builder maxClaimWait(Duration value) {
            this.maxClaimWait = positive("maxClaimWait", value);
            return this;
        }

        /** How long {@link TideServer#stop()} lets requests in flight finish (default 10 s). */
        public Builder stopTimeout(Duration value) {
            this.stopTimeout = positive("stopTimeout", value);
            return this;
        }

        /** How long a stopping server keeps serving with its health check at 503 (default 0). */
        public Builder drainDelay(Duration value) {
            if (value == null || value.isNegative()) {
                throw new IllegalArgumentException("drainDelay must be zero or positive");
            }
            this.drainDelay = value;
            return this;
        }

        /**
         * The registry {@code GET /metrics} serves, and where the queue depth gauges go. Default: the engine's
         * {@link Tide#meterRegistry()} when it is (or a composite holding) a Prometheus registry; otherwise one of the
         * server's own, which serves the depths only (the engine counts into its own registry).
         */
        public Builder prometheus(PrometheusMeterRegistry value) {
            this.prometheus = Objects.requireNonNull(value, "prometheus");
            return this;
        }

        /**
         * Serves HTTPS only, with the certificate and private key of a PKCS12 keystore (its only or first key entry).
         * The keystore is read now: a missing file, a wrong password or a keystore without a key is refused here with
         * an {@link IllegalArgumentException} naming the file.
         */
        public Builder tls(Path keystore, char[] password) {
            return tls(keystore, password, null);
        }

        /** As {@link #tls(Path, char[])}, serving the key entry under {@code alias}. */
        public Builder tls(Path keystore, char[] password, String alias) {
            return tls(TlsKeystore.load(
                    Objects.requireNonNull(keystore, "keystore"), Objects.requireNonNull(password, "password"), alias));
        }

        /** As {@link #tls(Path, char[])}, with a keystore already loaded. */
        public Builder tls(TlsKeystore keystore) {
            this.tls = Objects.requireNonNull(keystore, "keystore");
            return this;
        }

        /**
         * Lets the server bind an address other than loopback without {@link #tls TLS} (default false: refused, since
         * requests and their payloads would cross the network in clear). Loopback addresses serve plain HTTP either way.
         */
        public Builder allowPlainHttp(boolean value) {
            this.allowPlainHttp = value;
            return this;
        }

        /**
         * The users the admin API manages and sign-in checks (default: the engine's built-in user store,
         * {@link Tide#accounts()}).
         */
        public Builder accounts(Accounts value) {
            this.accounts = Objects.requireNonNull(value, "accounts");
            return this;
        }

        /**
         * Who may call which route (default: the tokens and roles of {@link #accounts}). Every route but the probes,
         * the API document and sign-in needs a valid bearer token; there is no way to turn that off.
         */
        public Builder authorization(Authorization value) {
            this.authorization = Objects.requireNonNull(value, "authorization");
            return this;
        }

        /**
         * Who owns which tasks and jobs (default: the engine's, {@link Tide#owners()}): every task and job id a
         * submitter's request names is checked against it before the route runs.
         */
        public Builder owners(Owners value) {
            this.owners = Objects.requireNonNull(value, "owners");
            return this;
        }

        /**
         * The largest request line, and the largest block of request headers (default 8 KiB each); a longer line is
         * refused with 414, longer headers with 431, before any route runs.
         */
        public Builder maxHeaderBytes(int value) {
            this.limits = limits.withHeaderBytes(value);
            return this;
        }

        /**
         * How long a connection may stay silent both ways before it is closed (default 30 s). A request being
         * handled, such as a claim waiting for work, is not cut by it.
         */
        public Builder idleTimeout(Duration value) {
            this.limits = limits.withIdleTimeout(value);
            return this;
        }

        /**
         * How long a request's head (request line and headers) may take to arrive from its first byte (default 10 s);
         * a client trickling it slower is answered 408 and cut, however steadily it sends.
         */
        public Builder requestHeadTimeout(Duration value) {
            this.limits = limits.withHeadTimeout(value);
            return this;
        }

        /**
         * The slowest pace a request body may arrive at, in bytes per second (default 1024; 0 for none): a route reading
         * a body waits for it at most {@link #requestHeadTimeout} plus one second per this many bytes delivered; a body
         * trickled slower is refused with 408 and its connection closed.
         */
        public Builder minBodyBytesPerSecond(int value) {
            this.limits = limits.withMinBodyBytesPerSecond(value);
            return this;
        }

        /**
         * Sign-in attempts ({@code POST /v1/sessions}) one user name may receive per minute, from any address, whether
         * the user exists or not (default 10; 0 for no limit). Further attempts are answered 429 with Retry-After
         * before any password is checked.
         */
        public Builder signInsPerUserPerMinute(int value) {
            this.signIn = signIn.withPerUser(value);
            return this;
        }

        /**
         * Sign-in attempts one client address may make per minute, for any user names (default 30; 0 for no limit).
         * Behind a proxy every client has the proxy's address: raise this, or limit at the proxy.
         */
        public Builder signInsPerAddressPerMinute(int value) {
            this.signIn = signIn.withPerAddress(value);
            return this;
        }

        /**
         * Password checks (Argon2id, about 20 MiB of memory each) the server runs at once (default 4); an attempt
         * beyond them waits up to {@link #passwordCheckWait} for a turn, then is answered 503 with Retry-After.
         */
        public Builder concurrentPasswordChecks(int value) {
            this.signIn = signIn.withConcurrentChecks(value);
            return this;
        }

        /** How long a sign-in waits for a free password check before it is answered 503 (default 2 s). */
        public Builder passwordCheckWait(Duration value) {
            this.signIn = signIn.withCheckWait(value);
            return this;
        }

        /** The clock the sign-in throttle counts minutes by (default: the engine's, else the system's). */
        public Builder clock(InstantSource value) {
            this.clock = Objects.requireNonNull(value, "clock");
            return this;
        }

        /**
         * Routes to serve beside the API, such as the web dashboard: {@code routes(Dashboard.mount(settings))} ({@code
         * tide server} mounts it under {@code /ui}).
         */
        public Builder routes(ServerRoutes value) {
            this.extra.add(Objects.requireNonNull(value, "routes"));
            return this;
        }

        public TideServer build() {
            requireSafeTransport(host, tls != null, allowPlainHttp);
            Accounts users = accounts != null ? accounts : EngineDefaults.accountsOf(queue);
            if (users == null) {
                throw new IllegalArgumentException("a server in front of something other than a Tide engine needs "
                        + "its users: give TideServer.Builder.accounts (and authorization, if they decide otherwise)");
            }
            if (!(queue instanceof AccountWorkers)) {
                throw new IllegalArgumentException("a server's queue must keep worker names per account, as a Tide "
                        + "engine does (AccountWorkers); " + queue.getClass().getName() + " does not");
            }
            Authorization auth = authorization != null ? authorization : Authorization.of(users);
            Owners owned = owners != null ? owners : queue instanceof Tide tide ? tide.owners() : null;
            if (owned == null) {
                throw new IllegalArgumentException("a server in front of something other than a Tide engine needs "
                        + "to know who owns its tasks and jobs: give TideServer.Builder.owners");
            }
            long body = maxBodyBytes != null ? maxBodyBytes : defaultBodyLimit(queue);
            PrometheusMeterRegistry metrics = prometheus != null ? prometheus : ServerMetrics.prometheusOf(queue);
            if (metrics == null) {
                metrics = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
            }
            return new TideServer(
                    queue,
                    new Settings(
                            host,
                            port,
                            body,
                            maxClaimWait,
                            stopTimeout,
                            drainDelay,
                            metrics,
                            tls,
                            users,
                            auth,
                            owned,
                            limits,
                            signIn,
                            clock != null ? clock : EngineDefaults.clockOf(queue),
                            List.copyOf(extra)));
        }

        /**
         * The rule of {@link #allowPlainHttp}: plain HTTP beyond loopback only when allowed. Public so that a caller
         * (the CLI) can refuse a configuration before it opens anything.
         */
        public static void requireSafeTransport(String host, boolean tls, boolean allowPlainHttp) {
            if (!tls && !allowPlainHttp && !isLoopback(host)) {
                throw new IllegalArgumentException(
                        "binding " + host + " (not a loopback address) without TLS would serve "
                                + "the API in plain HTTP to the network: configure TLS (--tls-keystore, TideServer.Builder.tls) "
                                + "or allow it explicitly (--allow-plain-http, TideServer.Builder.allowPlainHttp)");
            }
        }

        private static boolean isLoopback(String host) {
            try {
                return InetAddress.getByName(host).isLoopbackAddress();
            } catch (UnknownHostException e) {
                throw new IllegalArgumentException("host " + host + ": unknown", e);
            }
        }

        /** The engine's largest task payload (raised by its blob store) and 1 MiB for the rest of the body. */
        private static long defaultBodyLimit(TaskQueue queue) {
            long cap = queue instanceof Tide tide
                    ? tide.taskPayloadCapBytes()
                    : TideConfig.defaults().payloadCapBytes();
            return cap + 1024 * 1024;
        }

        private static Duration positive(String name, Duration value) {
            if (value == null || value.isNegative() || value.isZero()) {
                throw new IllegalArgumentException(name + " must be positive");
            }
            return value;
        }
    }
}
