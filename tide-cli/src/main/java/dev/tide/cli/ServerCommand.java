package dev.tide.cli;

import dev.tide.api.NotFoundException;
import dev.tide.api.auth.Accounts;
import dev.tide.api.auth.NewAccount;
import dev.tide.api.auth.Role;
import dev.tide.config.BlobStores;
import dev.tide.config.EngineSettings;
import dev.tide.config.FileObjects;
import dev.tide.config.LoadedSettings;
import dev.tide.config.ServerSettings;
import dev.tide.config.StoreKind;
import dev.tide.config.TideSettings;
import dev.tide.core.Tide;
import dev.tide.core.TideBuilder;
import dev.tide.core.TideConfig;
import dev.tide.server.JvmMeters;
import dev.tide.server.TideNode;
import dev.tide.server.TideServer;
import dev.tide.server.TlsKeystore;
import dev.tide.server.dashboard.Dashboard;
import dev.tide.server.dashboard.DashboardSettings;
import dev.tide.server.dashboard.ManagedObjects;
import dev.tide.server.intake.IntakeSettings;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import java.io.PrintWriter;
import java.net.InetAddress;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code tide server}: the queue over HTTP, until SIGTERM or Ctrl-C, then a graceful shutdown. */
@Command(
        name = "server",
        description =
                "Run Tide: the HTTP API, maintenance, JMX beans, and the processors and worker plugins of the plugins"
                        + " folder and the class path.")
final class ServerCommand implements Runnable {
    private static final Logger log = LoggerFactory.getLogger(ServerCommand.class);

    // Every flag below, and --config, --data and --db of the target, sets one setting of tide.yaml (ServerFlags names
    // which). The fields are not read: only the flags given count, through the parse result, layered over the file
    // and the environment by SettingsLoader.

    @Mixin
    TargetOptions target;

    @Mixin
    BlobStoreOptions blobs;

    @Option(
            names = "--port",
            defaultValue = "7070",
            description = "HTTP port; 0 picks a free one (default: ${DEFAULT-VALUE}).")
    int port;

    @Option(
            names = "--host",
            defaultValue = "127.0.0.1",
            description = "Address to bind (default: ${DEFAULT-VALUE}). An address other than loopback needs "
                    + "--tls-keystore or --allow-plain-http.")
    String host;

    @Option(
            names = "--tls-keystore",
            paramLabel = "FILE",
            description = "Serve HTTPS only, with the certificate and key of this PKCS12 keystore.")
    Path tlsKeystore;

    @Option(
            names = "--tls-password-env",
            paramLabel = "VAR",
            description = "The environment variable holding the keystore's password (never on the command line, "
                    + "where other users could read it).")
    String tlsPasswordEnv;

    @Option(
            names = "--allow-plain-http",
            description = "Serve plain HTTP on an address other than loopback (refused otherwise).")
    boolean allowPlainHttp;

    @Mixin
    ServerLimitOptions limits;

    @Option(
            names = "--node",
            description = "This node's name among nodes sharing a PostgreSQL database; stable across restarts "
                    + "(default: <host name>:<port>).")
    String node;

    @Option(
            names = "--grace",
            defaultValue = "30s",
            converter = Durations.class,
            description =
                    "On shutdown, how long running tasks may finish before they are released (default: ${DEFAULT-VALUE}).")
    Duration grace;

    @Option(
            names = "--plugins",
            defaultValue = "plugins",
            paramLabel = "DIR",
            description = "Folder of plugin jars: handlers that processors defined at runtime run in this server"
                    + " (default: ${DEFAULT-VALUE}; a missing folder holds none). Read at start.")
    Path plugins;

    @Option(
            names = "--jmx-port",
            paramLabel = "PORT",
            description =
                    "Serve JMX (the dev.tide beans and the JVM's) over RMI on this port of 127.0.0.1, for jconsole"
                            + " and other JMX clients: service:jmx:rmi:///jndi/rmi://127.0.0.1:PORT/jmxrmi. No authentication:"
                            + " for remote JMX use the JVM's -Dcom.sun.management.jmxremote options.")
    Integer jmxPort;

    @Option(
            names = "--dashboard-base-path",
            paramLabel = "PATH",
            defaultValue = "/ui",
            description = "Where the web dashboard is served (default: ${DEFAULT-VALUE}); behind a reverse proxy, the"
                    + " prefix the proxy forwards. Setting tide.dashboard.base-path.")
    String dashboardBasePath;

    @Option(
            names = "--list-indexes",
            description = "Keep an index per filter of the task list (queue, owner, type, state, received and run"
                    + " times; created at start when missing), so that the dashboard's Tasks page and GET /v1/tasks"
                    + " read an index whatever the table's size. Each costs every enqueue a write (docs/performance.md)."
                    + " Setting tide.list-indexes.")
    boolean listIndexes;

    @Option(
            names = "--no-dashboard",
            description = "Serve no web dashboard, only the API. Setting tide.dashboard.enabled=false.")
    boolean noDashboard;

    @Option(
            names = "--payload-cap",
            paramLabel = "SIZE",
            description = "Largest payload, result or job info, in bytes or e.g. 2MB; larger ones are refused with 413"
                    + " (default: 1MB).")
    String payloadCap;

    @Option(
            names = "--inbox",
            paramLabel = "DIR",
            description = "Take the files dropped in DIR/<user>/<queue>/ as tasks of that user in that queue "
                    + "(docs/intake.md); switched on and off at runtime with tide intake on|off.")
    Path inbox;

    @Option(
            names = "--inbox-poll",
            defaultValue = "2s",
            converter = Durations.class,
            description = "How often the inbox is scanned (default: ${DEFAULT-VALUE}).")
    Duration inboxPoll;

    @Option(
            names = "--inbox-settle",
            defaultValue = "2s",
            converter = Durations.class,
            description = "How old a file must be before it is taken, so that a half-written file is never read "
                    + "(default: ${DEFAULT-VALUE}).")
    Duration inboxSettle;

    @Option(
            names = "--log-format",
            defaultValue = "text",
            paramLabel = "text|json",
            converter = LogFormatConverter.class,
            description = "Logs on stderr as text, or as one JSON object per line (default: ${DEFAULT-VALUE}).")
    LogFormat logFormat;

    @Spec
    picocli.CommandLine.Model.CommandSpec spec;

    /** {@code text} or {@code json}, in any case; anything else names the choices. */
    static final class LogFormatConverter implements picocli.CommandLine.ITypeConverter<LogFormat> {
        @Override
        public LogFormat convert(String value) {
            try {
                return LogFormat.valueOf(value.toUpperCase(java.util.Locale.ROOT));
            } catch (IllegalArgumentException e) {
                throw new picocli.CommandLine.TypeConversionException("'" + value + "' is not text or json");
            }
        }
    }

    @Override
    public void run() {
        if (target.server != null) {
            throw new IllegalArgumentException("--server names another server; a server serves --data or --db");
        }
        Map<String, String> environment = System.getenv();
        // before the engine opens anything: a refused configuration writes nothing
        LoadedSettings loaded = ServerFlags.load(
                target.configFile(), environment, spec.commandLine().getParseResult());
        TideSettings settings = loaded.settings();
        ServerSettings http = settings.server();
        LogFormat.valueOf(http.logFormat().toUpperCase(Locale.ROOT)).apply();
        loaded.warnings().forEach(log::warn);
        PrintWriter out = spec.commandLine().getOut();
        Path keystore = http.tls().keystore();
        TlsKeystore tls = keystore != null ? TlsKeystore.load(keystore, loaded.tlsPassword(environment), null) : null;
        TideServer.Builder.requireSafeTransport(http.host(), tls != null, http.allowPlainHttp());
        IntakeSettings intake = intakeSettings(settings);
        boolean postgres = settings.store() == StoreKind.POSTGRESQL;
        TideBuilder engine = postgres
                ? Tide.builder().postgres(loaded.postgresUrl(environment), EngineSettings.postgresOptions(settings))
                : Tide.builder().sqlite(settings.dataFolder());
        TideConfig engineConfig = loaded.tideConfig();
        if (settings.nodeName() == null && postgres) {
            engineConfig = engineConfig.withNodeName(hostName() + ":" + http.port());
        }
        Tide tide = engine.config(engineConfig)
                .listIndexes(settings.listIndexes())
                .migrate(settings.migrate())
                .deadlineMargin(settings.deadlines().warningMargin())
                .blobStore(BlobStores.open(settings, environment))
                .purpose("tide server on " + http.host() + ":" + http.port())
                .meterRegistry(prometheus())
                .build();
        TideNode running;
        try {
            ManagedObjects managed = applyObjects(tide, settings);
            running = TideNode.builder(tide, server(tide, settings, tls, managed))
                    .grace(http.grace())
                    .plugins(http.plugins())
                    .jmxPort(http.jmxPort())
                    .intake(intake)
                    .start();
        } catch (RuntimeException e) {
            tide.close();
            throw e;
        }
        Path data = settings.dataFolder();
        URI url = running.server().uri();
        String localToken = postgres ? null : localAdminToken(tide, url, data);
        if (localToken != null) {
            new ServerFile(url, ProcessHandle.current().pid(), localToken).write(data);
        }
        CountDownLatch stopped = new CountDownLatch(1);
        Runtime.getRuntime()
                .addShutdownHook(new Thread(
                        () -> {
                            if (localToken != null) {
                                ServerFile.delete(data);
                                revokeQuietly(tide, localToken);
                            }
                            running.close();
                            stopped.countDown();
                        },
                        "tide-shutdown"));
        out.printf(
                "Tide server listening on %s (%s, node %s)%n",
                url,
                postgres ? "PostgreSQL" : "SQLite in " + data,
                tide.config().nodeName());
        if (running.jmxUrl() != null) {
            out.printf("JMX connector at %s%n", running.jmxUrl());
        }
        out.flush();
        try {
            stopped.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /**
     * Creates or updates the queues, types, profiles, schedules and processors the settings name (never deleting one),
     * and returns them for the dashboard to mark.
     */
    private ManagedObjects applyObjects(Tide tide, TideSettings settings) {
        if (!settings.namesObjects()) {
            return ManagedObjects.NONE;
        }
        Path config = target.configFile();
        String source = config != null ? String.valueOf(config.getFileName()) : "TIDE_ variables";
        FileObjects applied = FileObjects.apply(tide, settings, source);
        log.info(
                "{}: {} queues, {} task types, {} job types, {} profiles, {} schedules and {} processors created or"
                        + " updated",
                source,
                applied.queues().size(),
                applied.taskTypes().size(),
                applied.jobTypes().size(),
                applied.profiles().size(),
                applied.schedules().size(),
                applied.processors().size());
        return new ManagedObjects(
                source,
                applied.queues(),
                applied.taskTypes(),
                applied.jobTypes(),
                applied.profiles(),
                applied.schedules(),
                applied.processors());
    }

    /** The folder intake's settings, or null without an inbox. */
    private static IntakeSettings intakeSettings(TideSettings settings) {
        dev.tide.config.IntakeSettings intake = settings.intake();
        if (intake.inbox() == null) {
            return null;
        }
        return IntakeSettings.of(intake.inbox()).withPollInterval(intake.poll()).withSettleTime(intake.settle());
    }

    /**
     * A fresh administrator's token for the command line of this machine, kept in {@code server.json} while the server
     * runs and revoked when it stops. The one a crashed server left behind is revoked first.
     */
    private static String localAdminToken(Tide tide, URI url, Path data) {
        Accounts accounts = tide.accounts();
        ServerFile.read(data).ifPresent(stale -> revokeQuietly(tide, stale.token()));
        try {
            accounts.account(ServerFile.LOCAL_ADMIN);
        } catch (NotFoundException missing) {
            accounts.addAccount(NewAccount.of(ServerFile.LOCAL_ADMIN, Role.ADMIN));
        }
        return accounts.issueToken(ServerFile.LOCAL_ADMIN, "server.json of " + url, null)
                .token();
    }

    private static void revokeQuietly(Tide tide, String token) {
        if (token == null) {
            return;
        }
        try {
            tide.accounts().signOut(token);
        } catch (RuntimeException e) {
            // the store is closing or gone: the token dies with the next start's sweep
        }
    }

    private static TideServer.Builder server(
            Tide tide, TideSettings settings, TlsKeystore tls, ManagedObjects managed) {
        ServerSettings http = settings.server();
        TideServer.Builder server = TideServer.builder(tide)
                .host(http.host())
                .port(http.port())
                .allowPlainHttp(http.allowPlainHttp())
                .idleTimeout(http.idleTimeout())
                .requestHeadTimeout(http.requestHeadTimeout())
                .signInsPerUserPerMinute(http.signInsPerUser())
                .signInsPerAddressPerMinute(http.signInsPerAddress())
                .concurrentPasswordChecks(http.passwordChecks());
        dev.tide.config.DashboardSettings dashboard = settings.dashboard();
        if (dashboard.enabled()) {
            server.routes(Dashboard.mount(
                    DashboardSettings.DEFAULTS
                            .withBasePath(dashboard.basePath())
                            .withSessionIdleTimeout(dashboard.sessionIdleTimeout())
                            .withSessionMaxAge(dashboard.sessionMaxAge())
                            .withSecureCookies(dashboard.secureCookies()),
                    managed));
        }
        return tls != null ? server.tls(tls) : server;
    }

    /** What GET /metrics serves: the engine's meters, the queue depths the server adds, and the JVM's own. */
    private static PrometheusMeterRegistry prometheus() {
        PrometheusMeterRegistry registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
        JvmMeters.bindTo(registry);
        return registry;
    }

    private static String hostName() {
        try {
            return InetAddress.getLocalHost().getHostName();
        } catch (java.io.IOException e) {
            return "localhost";
        }
    }
}
