package dev.tide.core.store.postgresql;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tide.api.Ack;
import dev.tide.api.ClaimRequest;
import dev.tide.api.LeasedTask;
import dev.tide.api.NewTask;
import dev.tide.api.TaskState;
import dev.tide.core.Tide;
import dev.tide.core.TideConfig;
import dev.tide.core.TideInternals;
import dev.tide.core.testing.PostgresTestDatabase;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * A quick throughput check of the store's bulk paths over a real connection: enqueue 20,000 tasks in batches of 500,
 * claim them in batches of 100, acknowledge in batches of 100, one thread. Prints tasks per second per phase. Tagged
 * slow: run with {@code -Dtide.slow=true -Dtest=PostgresThroughputBench}.
 */
@Tag("slow")
class PostgresThroughputBench {
    private static final int TASKS = 20_000;
    private static final int ENQUEUE_BATCH = 500;
    private static final int CLAIM_BATCH = 100;

    @Test
    void enqueueClaimAck() {
        try (PostgresTestDatabase db = PostgresTestDatabase.create("pg_bench");
                Tide tide = Tide.builder()
                        .postgres(db.url())
                        .config(TideConfig.defaults().withMaintenanceInterval(null))
                        .build()) {
            for (int round = 1; round <= 3; round++) {
                run(tide, round);
            }
        }
    }

    private static void run(Tide tide, int round) {
        long start = System.nanoTime();
        for (int i = 0; i < TASKS; i += ENQUEUE_BATCH) {
            List<NewTask> batch = new ArrayList<>(ENQUEUE_BATCH);
            for (int j = 0; j < ENQUEUE_BATCH; j++) {
                batch.add(NewTask.of("bench", Map.of("n", i + j)));
            }
            tide.enqueueAll(batch);
        }
        long enqueued = System.nanoTime();
        List<List<LeasedTask>> claimed = new ArrayList<>();
        int n = 0;
        while (n < TASKS) {
            List<LeasedTask> got = tide.claim(ClaimRequest.of("default", "bench", CLAIM_BATCH));
            claimed.add(got);
            n += got.size();
        }
        long claimedAt = System.nanoTime();
        for (List<LeasedTask> batch : claimed) {
            tide.ackAll(batch.stream().map(t -> Ack.succeed(t.lease())).toList());
        }
        long acked = System.nanoTime();
        assertThat(TideInternals.store(tide).taskCount("default", TaskState.FINISHED))
                .hasValue((long) TASKS * round);
        System.out.printf(
                "round %d: enqueue %,.0f/s  claim %,.0f/s  ack %,.0f/s  (%d tasks)%n",
                round, rate(start, enqueued), rate(enqueued, claimedAt), rate(claimedAt, acked), TASKS);
    }

    private static double rate(long fromNanos, long toNanos) {
        return TASKS / ((toNanos - fromNanos) / 1e9);
    }
}
