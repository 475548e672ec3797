package dev.tide.bench;

import dev.tide.api.NewTask;
import dev.tide.api.TaskState;
import dev.tide.api.worker.WorkerPool;
import dev.tide.core.Tide;
import dev.tide.core.TideConfig;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/** Tide embedded on the benchmark database: one worker pool drains the default queue. */
final class TideQueue implements QueueUnderTest {
    static final String TYPE = "noop";

    private final Tide tide;
    private final TideBatches batches;

    TideQueue(BenchDatabase database, TideBatches batches) {
        this.tide = database.tide().config(TideConfig.defaults()).build();
        this.batches = batches;
    }

    @Override
    public String system() {
        return "tide";
    }

    @Override
    public String settings() {
        return "enqueueAll of " + batches.enqueue() + "; one worker pool, concurrency " + batches.concurrency()
                + ", claims up to " + batches.claim() + ", acknowledgements up to " + batches.ack() + " per call";
    }

    @Override
    public void enqueue(int count) {
        for (int from = 0; from < count; from += batches.enqueue()) {
            int to = Math.min(count, from + batches.enqueue());
            List<NewTask> batch = new ArrayList<>(to - from);
            for (int n = from; n < to; n++) {
                batch.add(NewTask.of(TYPE, new NoopPayload(n)));
            }
            tide.enqueueAll(batch);
        }
    }

    @Override
    public void drain(int count, Ledger ledger) throws InterruptedException {
        WorkerPool pool = tide.workerPool()
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
        long finished = tide.store().taskCount("default", TaskState.FINISHED).orElse(-1);
        if (finished != count) {
            throw new IllegalStateException("tide: " + finished + " tasks finished, expected " + count);
        }
    }

    Tide tide() {
        return tide;
    }

    @Override
    public void close() {
        tide.close();
    }

    /** The payload of a benchmark task: its number. */
    record NoopPayload(int n) {}
}
