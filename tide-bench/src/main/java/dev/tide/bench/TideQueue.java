package dev.tide.bench;

import dev.tide.api.TaskState;
import dev.tide.api.worker.WorkerPool;
import dev.tide.core.Tide;
import dev.tide.core.TideConfig;
import java.time.Duration;

/** Tide embedded on the benchmark database: one worker pool drains the workload's queue. */
final class TideQueue implements QueueUnderTest {
    static final String TYPE = "noop";

    private final Tide tide;
    private final TideBatches batches;
    private final Workload workload;
    private final TaskShape shape;
    private final String system;

    TideQueue(BenchDatabase database, TideBatches batches, Workload workload, String system)
            throws InterruptedException {
        this(database.tide().config(TideConfig.defaults()).build(), batches, workload, TaskShape.NONE, system);
        workload.define(tide);
    }

    /**
     * On an engine already built, its queue defined: every task takes what {@code shape} adds to the workload's.
     * Closing this closes {@code tide}.
     */
    TideQueue(Tide tide, TideBatches batches, Workload workload, TaskShape shape, String system) {
        this.tide = tide;
        this.batches = batches;
        this.workload = workload;
        this.shape = shape;
        this.system = system;
    }

    @Override
    public String system() {
        return system;
    }

    @Override
    public String settings() {
        return "a " + workload.label() + " queue; enqueueAll of " + batches.enqueue() + "; one worker pool,"
                + " concurrency " + batches.concurrency() + ", claims up to " + batches.claim()
                + ", acknowledgements up to " + batches.ack() + " per call";
    }

    @Override
    public void enqueue(int count) {
        for (int from = 0; from < count; from += batches.enqueue()) {
            tide.enqueueAll(workload.tasks(from, Math.min(count, from + batches.enqueue()), shape));
        }
    }

    @Override
    public void drain(int count, Ledger ledger) throws InterruptedException {
        WorkerPool pool = tide.workerPool()
                .queue(Workload.QUEUE)
                .concurrency(batches.concurrency())
                .claimBatch(batches.claim())
                .ackBatch(batches.ack())
                .pollWait(Duration.ofMillis(200))
                .handler(
                        TYPE,
                        ctx -> ledger.record(ctx.payload(NoopPayload.class).n()))
                .start();
        try {
            Waiting.until(() -> pool.succeededCount() >= count, "tide: all acknowledgements durable");
        } finally {
            pool.shutdown(Duration.ofSeconds(5));
        }
        long finished = tide.storeReadings()
                .taskCount(Workload.QUEUE, TaskState.FINISHED)
                .orElse(-1);
        if (finished != count) {
            throw new IllegalStateException("tide: " + finished + " tasks finished, expected " + count);
        }
    }

    @Override
    public void close() {
        tide.close();
    }

    /** The payload of a benchmark task: its number. */
    record NoopPayload(int n) {}
}
