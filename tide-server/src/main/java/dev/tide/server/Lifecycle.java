package dev.tide.server;

/**
 * Where the server is in its life, read by the health check (503 once stopping) and by long polls (which end early
 * when the server stops, so that a graceful stop does not wait out their whole wait).
 */
final class Lifecycle {
    enum Phase {
        CREATED,
        RUNNING,
        STOPPING,
        STOPPED
    }

    private volatile Phase phase = Phase.CREATED;

    Phase phase() {
        return phase;
    }

    boolean isStopping() {
        return phase == Phase.STOPPING || phase == Phase.STOPPED;
    }

    synchronized void running() {
        if (phase != Phase.CREATED) {
            throw new IllegalStateException("a Tide server starts once; this one is " + phase);
        }
        phase = Phase.RUNNING;
    }

    /** Returns false when the server is not running (never started, or already stopping). */
    synchronized boolean beginStopping() {
        if (phase != Phase.RUNNING) {
            return false;
        }
        phase = Phase.STOPPING;
        return true;
    }

    void stopped() {
        phase = Phase.STOPPED;
    }
}
