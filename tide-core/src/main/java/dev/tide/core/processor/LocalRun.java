package dev.tide.core.processor;

import dev.tide.api.ProcessorDefinition;
import dev.tide.api.ProcessorRun;
import dev.tide.api.worker.WorkerPool;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * One local processor on this node: the worker pool that runs it, or why none can. A pool is stopped in the
 * background (its handlers get the grace period to finish), so one slow handler does not hold up the host's pass.
 */
final class LocalRun {
    private final ProcessorDefinition definition;
    private final WorkerPool pool;
    private final String unavailable;
    private final Instant unavailableSince;
    private volatile Thread stopping;

    private LocalRun(ProcessorDefinition definition, WorkerPool pool, String unavailable, Instant since) {
        this.definition = definition;
        this.pool = pool;
        this.unavailable = unavailable;
        this.unavailableSince = since;
    }

    static LocalRun running(ProcessorDefinition definition, WorkerPool pool) {
        return new LocalRun(definition, pool, null, null);
    }

    static LocalRun unavailable(ProcessorDefinition definition, String why, Instant since) {
        return new LocalRun(definition, null, why, since);
    }

    boolean isUnavailable() {
        return pool == null;
    }

    /**
     * Whether the pool still fits the definition. The users and payload size are read at each claim, and the nodes
     * only decide where it runs, so a change of those needs no new pool; a change of queue, types or threads does.
     */
    boolean fits(ProcessorDefinition wanted) {
        return Objects.equals(definition.queue(), wanted.queue())
                && Objects.equals(definition.types(), wanted.types())
                && Objects.equals(definition.threads(), wanted.threads());
    }

    void beginStop(Duration grace) {
        if (pool != null && stopping == null) {
            stopping = Thread.ofVirtual()
                    .name("tide-processor-stop-" + definition.name())
                    .start(() -> pool.shutdown(grace));
        }
    }

    boolean isStopping() {
        return stopping != null;
    }

    /** Whether it is gone: never ran, or stopped with every handler finished or released. */
    boolean isStopped() {
        return pool == null || (stopping != null && !stopping.isAlive());
    }

    /** Waits for a stop under way, for the host's close. */
    void awaitStop() {
        Thread thread = stopping;
        if (thread != null) {
            try {
                thread.join();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    long succeeded() {
        return pool == null ? 0 : pool.succeededCount();
    }

    long failed() {
        return pool == null ? 0 : pool.failedAttemptCount();
    }

    WorkerPool.Problem problem() {
        return pool == null ? null : pool.lastProblem();
    }

    /** The node's report of it, with the counts of its earlier runs on this node added. */
    ProcessorRun report(ProcessorActivity.Seen seen, Tally before) {
        if (pool == null) {
            return new ProcessorRun(
                    null,
                    ProcessorRun.State.UNAVAILABLE,
                    definition.threads(),
                    List.of(),
                    seen == null ? 0 : seen.claimed(),
                    before.succeeded(),
                    before.failed(),
                    unavailable,
                    unavailableSince,
                    seen == null ? List.of() : seen.workers(),
                    null);
        }
        WorkerPool.Problem problem = pool.lastProblem() != null ? pool.lastProblem() : before.problem();
        return new ProcessorRun(
                null,
                isStopping() ? ProcessorRun.State.STOPPING : ProcessorRun.State.RUNNING,
                pool.concurrency(),
                pool.inFlightTaskIds(),
                seen == null ? 0 : seen.claimed(),
                before.succeeded() + pool.succeededCount(),
                before.failed() + pool.failedAttemptCount(),
                problem == null ? null : problem.message(),
                problem == null ? null : problem.at(),
                seen == null ? List.of(pool.workerName()) : seen.workers(),
                null);
    }

    /** What the earlier runs of a processor on this node did, kept for its reports while it is stopped. */
    record Tally(long succeeded, long failed, WorkerPool.Problem problem) {
        static final Tally NONE = new Tally(0, 0, null);

        Tally plus(LocalRun run) {
            WorkerPool.Problem last = run.problem() != null ? run.problem() : problem;
            return new Tally(succeeded + run.succeeded(), failed + run.failed(), last);
        }
    }

    /** The types this definition asks for; empty for every type there is a handler for. */
    Set<String> types() {
        return definition.types();
    }
}
