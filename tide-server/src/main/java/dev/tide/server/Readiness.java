package dev.tide.server;

import dev.tide.api.TaskQueue;
import dev.tide.core.Tide;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executor;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Whether this server should be sent traffic: it is running (not stopping) and its store answers a trivial query. The
 * liveness check ({@code /healthz}) asks neither, so a database outage makes the node unready, not restarted.
 *
 * <p>The answer comes within {@link #PING_TIMEOUT} even while the database is down: a ping waiting on a connection
 * that cannot be had (the pool waits up to its connect timeout) counts as no answer. At most one ping is in flight;
 * probes arriving meanwhile wait on the same one, so a dead database cannot pile up waiting threads.
 */
final class Readiness {
    /** Longest a probe waits for the store's answer; shorter than the usual probe timeout of load balancers (1 s+). */
    static final Duration PING_TIMEOUT = Duration.ofMillis(800);

    /** The answer of {@code GET /readyz}: {@code ready}, or {@code unready} with the reason. */
    record Answer(String status, String reason) {
        boolean ready() {
            return reason == null;
        }
    }

    private static final Executor PINGERS = Executors.newThreadPerTaskExecutor(
            Thread.ofVirtual().name("tide-readyz-ping").factory());

    private final TaskQueue queue;
    private final Lifecycle lifecycle;
    private CompletableFuture<Void> inFlight;

    Readiness(TaskQueue queue, Lifecycle lifecycle) {
        this.queue = queue;
        this.lifecycle = lifecycle;
    }

    Answer check() {
        if (lifecycle.isStopping()) {
            return unready("the server is shutting down");
        }
        try {
            ping().get(PING_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            return unready("the store does not answer within " + PING_TIMEOUT.toMillis() + " ms");
        } catch (ExecutionException e) {
            return unready("the store does not answer: " + e.getCause().getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return unready("interrupted");
        }
        return new Answer("ready", null);
    }

    private synchronized CompletableFuture<Void> ping() {
        if (inFlight == null || inFlight.isDone()) {
            inFlight = CompletableFuture.runAsync(this::askStore, PINGERS);
        }
        return inFlight;
    }

    /** The cheapest read there is: the schema version, one row (a status report for a queue that is not an engine). */
    private void askStore() {
        if (queue instanceof Tide tide) {
            tide.storeReadings().schemaVersion();
        } else {
            queue.monitoring().status();
        }
    }

    private static Answer unready(String reason) {
        return new Answer("unready", reason);
    }
}
