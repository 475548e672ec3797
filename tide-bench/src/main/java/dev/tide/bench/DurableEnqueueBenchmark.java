package dev.tide.bench;

import com.fasterxml.jackson.annotation.JsonProperty;
import dev.tide.api.NewTask;
import dev.tide.core.Tide;
import dev.tide.core.store.sqlite.CommitStats;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CountDownLatch;

/**
 * Durable enqueue, one task at a time: {@code producers} threads each call {@code enqueue} for a single task and wait
 * for its acknowledgement before the next. Nothing batches but the store: on SQLite, group commit puts the waiting
 * callers' inserts into one transaction and one fsync.
 */
final class DurableEnqueueBenchmark {
    private DurableEnqueueBenchmark() {}

    /**
     * @param commitLatency on SQLite, the writer's commit (fsync) latencies during the run; null elsewhere
     * @param meanGroupSize on SQLite, callers answered per commit on average; 0 elsewhere
     */
    record Result(
            String store,
            int producers,
            int tasks,
            double seconds,
            Latencies enqueueLatency,
            Latencies commitLatency,
            double meanGroupSize) {

        @JsonProperty
        double rate() {
            return tasks / seconds;
        }
    }

    static Result run(BenchDatabase database, int producers, int tasksPerProducer) throws Exception {
        try (database;
                Tide tide = database.tide().build()) {
            CommitStats.Snapshot before = commitStats(tide);
            long[][] latencies = new long[producers][tasksPerProducer];
            CountDownLatch start = new CountDownLatch(1);
            List<Thread> threads = new ArrayList<>();
            List<Throwable> failures = Collections.synchronizedList(new ArrayList<>());
            for (int p = 0; p < producers; p++) {
                long[] mine = latencies[p];
                int first = p * tasksPerProducer;
                threads.add(Thread.ofPlatform().name("producer-" + p).start(() -> {
                    try {
                        start.await();
                        for (int i = 0; i < tasksPerProducer; i++) {
                            long t0 = System.nanoTime();
                            tide.enqueue(NewTask.of(TideQueue.TYPE, new TideQueue.NoopPayload(first + i)));
                            mine[i] = System.nanoTime() - t0;
                        }
                    } catch (Throwable t) {
                        failures.add(t);
                    }
                }));
            }
            long t0 = System.nanoTime();
            start.countDown();
            for (Thread t : threads) {
                t.join();
            }
            double seconds = (System.nanoTime() - t0) / 1e9;
            if (!failures.isEmpty()) {
                throw new IllegalStateException("a producer failed", failures.get(0));
            }
            CommitStats.Snapshot after = commitStats(tide);
            long[] all = Arrays.stream(latencies).flatMapToLong(Arrays::stream).toArray();
            Latencies commits = null;
            double group = 0;
            if (after != null) {
                commits = new Latencies(
                        (int) (after.commits() - before.commits()),
                        after.meanNanos() / 1e6,
                        after.p50Nanos() / 1e6,
                        Double.NaN, // the commit statistics keep no 95th percentile
                        after.p99Nanos() / 1e6,
                        after.maxNanos() / 1e6);
                group = (double) (after.units() - before.units()) / Math.max(1, after.commits() - before.commits());
            }
            return new Result(
                    database.kind().label(),
                    producers,
                    producers * tasksPerProducer,
                    seconds,
                    Latencies.ofNanos(all),
                    commits,
                    group);
        }
    }

    private static CommitStats.Snapshot commitStats(Tide tide) {
        return tide.storeReadings().commitStats().orElse(null);
    }
}
