package dev.tide.server;

import dev.tide.api.worker.WorkerPool;
import dev.tide.core.Tide;
import dev.tide.server.intake.FolderIntake;
import dev.tide.server.intake.IntakeSettings;
import dev.tide.server.jmx.JmxBeans;
import dev.tide.server.jmx.JmxConnector;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One Tide process: the engine, its HTTP server, its plugins and their processors, its JMX beans, the worker pools of
 * the {@link WorkerPlugin}s and, when an inbox folder is configured, the {@link FolderIntake}. What {@code tide server}
 * runs.
 *
 * <p>Plugins come from the jars of a plugins folder and from the class path: their {@link
 * dev.tide.api.worker.HandlerPlugin} handlers are what the local processors, defined and started at runtime, run on
 * this node (see {@link dev.tide.core.processor.ProcessorHost}); their {@link WorkerPlugin} pools run from the start.
 *
 * <p>{@link #close()} shuts down in the order that loses nothing: the folder intake first (a pass under way finishes),
 * then the HTTP server (requests in flight finish, waiting claims return), then JMX, the worker pools and the
 * processors (running handlers finish within the grace period, the rest are released at once), then the engine, and
 * last the plugins' jars.
 */
public final class TideNode implements AutoCloseable {
    private static final Logger log = LoggerFactory.getLogger(TideNode.class);

    private final Tide tide;
    private final TideServer server;
    private final Plugins plugins;
    private final List<WorkerPool> pools = new ArrayList<>();
    private final Duration grace;
    private JmxBeans beans;
    private JmxConnector connector;
    private FolderIntake intake;
    private boolean closed;

    private TideNode(Tide tide, TideServer server, Plugins plugins, Duration grace) {
        this.tide = tide;
        this.server = server;
        this.plugins = plugins;
        this.grace = grace;
    }

    /** Starts serving {@code tide} over HTTP, with JMX beans and the plugins on the class path. */
    public static TideNode start(Tide tide, TideServer.Builder server, Duration grace) {
        return builder(tide, server).grace(grace).start();
    }

    /** As {@link #start(Tide, TideServer.Builder, Duration)}, taking files from an inbox folder too (unless null). */
    public static TideNode start(Tide tide, TideServer.Builder server, Duration grace, IntakeSettings intake) {
        return builder(tide, server).grace(grace).intake(intake).start();
    }

    public static Builder builder(Tide tide, TideServer.Builder server) {
        return new Builder(tide, server);
    }

    public Tide tide() {
        return tide;
    }

    public TideServer server() {
        return server;
    }

    public List<WorkerPool> pools() {
        return List.copyOf(pools);
    }

    /** The JMX connector's address when the node serves one ({@link Builder#jmxPort}), else null. */
    public javax.management.remote.JMXServiceURL jmxUrl() {
        return connector == null ? null : connector.url();
    }

    private void run(Builder settings) {
        tide.processorHost().shutdownGrace(grace).addHandlers(plugins.handlers());
        for (WorkerPlugin plugin : plugins.workerPlugins()) {
            for (WorkerPlugin.Pool spec : plugin.pools()) {
                WorkerPool.Builder pool = tide.workerPool()
                        .queue(spec.queue())
                        .concurrency(spec.concurrency())
                        .shutdownGrace(grace);
                spec.handlers().forEach(pool::handler);
                pools.add(pool.start());
                log.info(
                        "worker pool {} runs {}",
                        pools.getLast().workerName(),
                        spec.handlers().keySet());
            }
        }
        if (settings.jmx) {
            beans = JmxBeans.register(tide);
            if (settings.jmxPort != null) {
                connector = JmxConnector.start(settings.jmxHost, settings.jmxPort);
                log.info("JMX connector at {}", connector.url());
            }
        }
        server.start();
        if (settings.intake != null) {
            intake = FolderIntake.start(tide, settings.intake);
        }
    }

    @Override
    public synchronized void close() {
        if (closed) {
            return;
        }
        closed = true;
        if (intake != null) {
            intake.close();
        }
        server.stop();
        if (connector != null) {
            connector.close();
        }
        if (beans != null) {
            beans.close();
        }
        for (WorkerPool pool : pools) {
            pool.shutdown(grace);
        }
        tide.close();
        plugins.close();
    }

    /** Configures a node; every setting has a default. */
    public static final class Builder {
        private final Tide tide;
        private final TideServer.Builder server;
        private Duration grace = Duration.ofSeconds(30);
        private Path pluginFolder;
        private boolean jmx = true;
        private String jmxHost = "127.0.0.1";
        private Integer jmxPort;
        private IntakeSettings intake;

        private Builder(Tide tide, TideServer.Builder server) {
            this.tide = Objects.requireNonNull(tide, "tide");
            this.server = Objects.requireNonNull(server, "server");
        }

        /** How long running handlers may finish on shutdown, or when their processor stops (default 30 s). */
        public Builder grace(Duration value) {
            if (value == null || value.isNegative()) {
                throw new IllegalArgumentException("grace must be zero or positive");
            }
            this.grace = value;
            return this;
        }

        /** The folder whose jars are loaded as plugins (default: none; a missing folder holds none). */
        public Builder plugins(Path folder) {
            this.pluginFolder = folder;
            return this;
        }

        /** Whether to register the JMX beans on the platform MBean server (default true). */
        public Builder jmx(boolean value) {
            this.jmx = value;
            return this;
        }

        /**
         * Serves the platform MBean server over an RMI connector at {@code service:jmx:rmi:///jndi/rmi://<host>:<port>/jmxrmi}
         * (default: none; 0 is refused, the registry needs a known port). It has no authentication: it binds loopback
         * ({@code 127.0.0.1}) unless {@link #jmxHost} says otherwise.
         */
        public Builder jmxPort(Integer port) {
            if (port != null && (port < 1 || port > 65535)) {
                throw new IllegalArgumentException("jmxPort must be between 1 and 65535");
            }
            this.jmxPort = port;
            return this;
        }

        /** The address the JMX connector binds (default {@code 127.0.0.1}). */
        public Builder jmxHost(String value) {
            this.jmxHost = Objects.requireNonNull(value, "jmxHost");
            return this;
        }

        /** Takes files from an inbox folder too (default: none). */
        public Builder intake(IntakeSettings settings) {
            this.intake = settings;
            return this;
        }

        /** Builds the server, loads the plugins, registers the beans and starts serving. */
        public TideNode start() {
            Plugins plugins = Plugins.load(pluginFolder);
            TideNode node;
            try {
                node = new TideNode(tide, server.build(), plugins, grace);
            } catch (RuntimeException e) {
                plugins.close();
                throw e;
            }
            try {
                node.run(this);
                return node;
            } catch (RuntimeException e) {
                node.close();
                throw e;
            }
        }
    }
}
