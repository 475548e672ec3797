package dev.tide.core.engine;

import dev.tide.core.settings.NodeSettings;
import dev.tide.core.store.NodeRow;
import dev.tide.core.store.NodeStore;
import java.time.Duration;
import java.time.Instant;
import java.time.InstantSource;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * This node's record in the nodes registry: written when its background services start, again every heartbeat from a
 * thread of its own (so no claim or acknowledgement ever waits on it), and marked stopped when the node closes. A node
 * that crashes leaves its record as it last wrote it; readers tell it is gone from the heartbeats it missed. The
 * maintenance leader prunes the records of nodes not seen for the retention ({@link #prune}).
 *
 * <p>An engine whose services never start (a command's, with maintenance off) writes nothing unless a pass is run by
 * hand ({@link #beat}), and then is marked stopped when it closes like any other.
 */
public final class NodeHeartbeat implements BackgroundService {
    private static final Logger log = LoggerFactory.getLogger(NodeHeartbeat.class);

    private final NodeStore store;
    private final InstantSource clock;
    private final String node;
    private final String version;
    private final Supplier<String> hostName;
    private final NodeSettings settings;

    // guarded by this
    private String host;
    private Instant startedAt;
    private PassThread thread;
    private boolean closed;

    /** @param hostName asked once, at the first write (a name lookup an engine that never writes need not make) */
    public NodeHeartbeat(
            NodeStore store,
            InstantSource clock,
            String node,
            String version,
            Supplier<String> hostName,
            NodeSettings settings) {
        this.store = store;
        this.clock = clock;
        this.node = node;
        this.version = version;
        this.hostName = hostName;
        this.settings = settings;
    }

    @Override
    public String name() {
        return "node heartbeat";
    }

    /** Starts the heartbeat's thread, at the registry's own interval: its first pass writes the record at once. */
    @Override
    public synchronized void start(Duration interval) {
        if (thread == null && !closed) {
            long millis = settings.heartbeat().toMillis();
            thread = new PassThread(
                    "tide-node",
                    () -> {
                        beat();
                        return millis;
                    },
                    millis);
            thread.start();
        }
    }

    /** Writes this node's record now, as seen at the clock's time; the first write is the node's start. */
    public synchronized void beat() {
        if (closed) {
            return;
        }
        Instant now = clock.instant();
        if (startedAt == null) {
            host = hostName.get();
            startedAt = now;
        }
        store.nodeSave(new NodeRow(node, version, host, startedAt, now, settings.heartbeat(), null));
    }

    /** A maintenance chore: deletes the records of nodes last seen longer ago than the retention. */
    public void prune(Instant now) {
        if (settings.retention() == null) {
            return;
        }
        int pruned = store.nodePrune(now.minus(settings.retention()));
        if (pruned > 0) {
            log.info("forgot {} nodes not seen for {}", pruned, settings.retention());
        }
    }

    /** Stops the heartbeat, then marks this node stopped, if it ever wrote its record. */
    @Override
    public void close() {
        PassThread current;
        synchronized (this) {
            if (closed) {
                return;
            }
            closed = true;
            current = thread;
        }
        if (current != null) {
            current.close();
        }
        synchronized (this) {
            if (startedAt == null) {
                return;
            }
            Instant now = clock.instant();
            try {
                store.nodeSave(new NodeRow(node, version, host, startedAt, now, settings.heartbeat(), now));
            } catch (RuntimeException e) {
                log.warn("could not mark node {} stopped: {}", node, e.toString());
            }
        }
    }
}
