package dev.tide.server;

import dev.tide.api.TaskQueue;
import dev.tide.core.Tide;

/**
 * Whether this server should be sent traffic: it is running (not stopping) and its store answers a trivial query. The
 * liveness check ({@code /healthz}) asks neither, so a database outage makes the node unready, not restarted.
 */
final class Readiness {
    /** The answer of {@code GET /readyz}: {@code ready}, or {@code unready} with the reason. */
    record Answer(String status, String reason) {
        boolean ready() {
            return reason == null;
        }
    }

    private final TaskQueue queue;
    private final Lifecycle lifecycle;

    Readiness(TaskQueue queue, Lifecycle lifecycle) {
        this.queue = queue;
        this.lifecycle = lifecycle;
    }

    Answer check() {
        if (lifecycle.isStopping()) {
            return unready("the server is shutting down");
        }
        try {
            ping();
        } catch (RuntimeException e) {
            return unready("the store does not answer: " + e.getMessage());
        }
        return new Answer("ready", null);
    }

    /** The cheapest read there is: the schema version, one row (a status report for a queue that is not an engine). */
    private void ping() {
        if (queue instanceof Tide tide) {
            tide.store().schemaVersion();
        } else {
            queue.status();
        }
    }

    private static Answer unready(String reason) {
        return new Answer("unready", reason);
    }
}
