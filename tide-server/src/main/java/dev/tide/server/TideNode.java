package dev.tide.server;

import dev.tide.api.worker.WorkerPool;
import dev.tide.core.Tide;
import dev.tide.server.intake.FolderIntake;
import dev.tide.server.intake.IntakeSettings;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.ServiceLoader;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One Tide process: the engine, its HTTP server, the worker pools of the {@link WorkerPlugin}s on the class path and,
 * when an inbox folder is configured, the {@link FolderIntake}. What {@code tide server} runs.
 *
 * <p>{@link #close()} shuts down in the order that loses nothing: the folder intake first (a pass under way finishes),
 * then the HTTP server (requests in flight finish, waiting claims return), then the worker pools (running handlers finish within the grace period, the rest are
 * released at once), then the engine.
 */
public final class TideNode implements AutoCloseable {
    private static final Logger log = LoggerFactory.getLogger(TideNode.class);

    private final Tide tide;
    private final TideServer server;
    private final List<WorkerPool> pools = new ArrayList<>();
    private final Duration grace;
    private FolderIntake intake;
    private boolean closed;

    private TideNode(Tide tide, TideServer server, Duration grace) {
        this.tide = tide;
        this.server = server;
        this.grace = grace;
    }

    /** Starts serving {@code tide} over HTTP and runs the plugins' pools on it. */
    public static TideNode start(Tide tide, TideServer.Builder server, Duration grace) {
        return start(tide, server, grace, null);
    }

    /** As {@link #start(Tide, TideServer.Builder, Duration)}, taking files from an inbox folder too (unless null). */
    public static TideNode start(Tide tide, TideServer.Builder server, Duration grace, IntakeSettings intake) {
        TideNode node = new TideNode(tide, server.build(), grace);
        try {
            for (WorkerPlugin plugin : ServiceLoader.load(WorkerPlugin.class)) {
                for (WorkerPlugin.Pool spec : plugin.pools()) {
                    WorkerPool.Builder pool = tide.workerPool()
                            .queue(spec.queue())
                            .concurrency(spec.concurrency())
                            .shutdownGrace(grace);
                    spec.handlers().forEach(pool::handler);
                    node.pools.add(pool.start());
                    log.info(
                            "worker pool {} runs {}",
                            node.pools.getLast().workerName(),
                            spec.handlers().keySet());
                }
            }
            node.server.start();
            if (intake != null) {
                node.intake = FolderIntake.start(tide, intake);
            }
            return node;
        } catch (RuntimeException e) {
            node.close();
            throw e;
        }
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
        for (WorkerPool pool : pools) {
            pool.shutdown(grace);
        }
        tide.close();
    }
}
