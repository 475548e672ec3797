package dev.tide.core;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tide.api.Ack;
import dev.tide.api.ClaimRequest;
import dev.tide.api.LeasedTask;
import dev.tide.api.NewTask;
import dev.tide.core.time.ManualClock;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.search.Search;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The engine's task counters on a real SQLite engine: what counts, under which tags, and the bound on user tags. */
class TaskMetersTest {
    @TempDir
    Path folder;

    final ManualClock clock = new ManualClock(Instant.parse("2030-01-07T09:00:00Z"));
    SimpleMeterRegistry meters = new SimpleMeterRegistry();
    Tide tide;

    @BeforeEach
    void open() {
        tide = engine(meters);
    }

    @AfterEach
    void close() {
        tide.close();
    }

    private Tide engine(SimpleMeterRegistry registry) {
        return Tide.builder()
                .sqlite(folder)
                .clock(clock)
                .config(TideConfig.defaults().withMaintenanceInterval(null))
                .meterRegistry(registry)
                .build();
    }

    @Test
    void aDuplicateEnqueueIsNotCounted() {
        tide.enqueue(NewTask.builder("t").idempotencyKey("once").build());
        tide.enqueue(NewTask.builder("t").idempotencyKey("once").build());

        assertThat(count(meters, TaskMeters.ENQUEUED, "queue", "default", "type", "t"))
                .isEqualTo(1);
        assertThat(meters.find(TaskMeters.ENQUEUE_LATENCY).timer().count()).isEqualTo(2);
    }

    @Test
    void retriesReleasesAndLostLeasesCountUnderTheirOutcome() {
        for (int i = 0; i < 3; i++) {
            tide.enqueue(NewTask.builder("t").maxAttempts(5).build());
        }
        List<LeasedTask> leased = tide.claim(ClaimRequest.of("default", "w", 3));

        tide.ack(Ack.builder(leased.get(0).lease()).retry());
        tide.ack(Ack.builder(leased.get(1).lease()).release());
        tide.ackAll(
                List.of(Ack.builder(leased.get(2).task().id(), "not-the-token").succeed()));

        assertThat(count(meters, TaskMeters.ACKNOWLEDGED, "queue", "default", "type", "t", "outcome", "retried"))
                .isEqualTo(1);
        assertThat(count(meters, TaskMeters.ACKNOWLEDGED, "queue", "default", "type", "t", "outcome", "released"))
                .isEqualTo(1);
        assertThat(count(meters, TaskMeters.ACKNOWLEDGED, "queue", "default", "type", "t", "outcome", "lease_lost"))
                .isEqualTo(1);
        assertThat(count(meters, TaskMeters.CLAIMED, "queue", "default", "type", "t"))
                .isEqualTo(3);
    }

    @Test
    void usersBeyondTheBoundCountAsOther() {
        List<NewTask> tasks = new ArrayList<>();
        for (int i = 0; i < TaskMeters.MAX_USERS + 5; i++) {
            tasks.add(NewTask.builder("t").owner("user-" + i).build());
        }
        tide.enqueueAll(tasks);

        tide.claim(ClaimRequest.of("default", "w", TaskMeters.MAX_USERS + 5));

        Search byUser = meters.find(TaskMeters.CLAIMED_BY_USER).tag("queue", "default");
        List<String> named = byUser.counters().stream()
                .map(c -> c.getId().getTag("user"))
                .filter(u -> !u.equals(TaskMeters.OTHER_USER))
                .toList();
        assertThat(named).hasSize(TaskMeters.MAX_USERS);
        assertThat(count(meters, TaskMeters.CLAIMED_BY_USER, "queue", "default", "user", TaskMeters.OTHER_USER))
                .isEqualTo(5);
    }

    @Test
    void aTaskRunInItsCallerCountsAsEnqueuedAndClaimed() {
        tide.enqueueAndClaim(NewTask.of("now", null), "caller", Duration.ofMinutes(1));

        assertThat(count(meters, TaskMeters.ENQUEUED, "queue", "default", "type", "now"))
                .isEqualTo(1);
        assertThat(count(meters, TaskMeters.CLAIMED, "queue", "default", "type", "now"))
                .isEqualTo(1);
    }

    @Test
    void anAckOfATaskClaimedBeforeARestartCountsUnderUnknown() {
        tide.enqueue(NewTask.of("t", null));
        LeasedTask leased = tide.claim(ClaimRequest.of("default", "w", 1).withLease(Duration.ofMinutes(5)))
                .get(0);
        tide.close();
        SimpleMeterRegistry after = new SimpleMeterRegistry();
        tide = engine(after);

        tide.ack(Ack.succeed(leased.lease()));

        assertThat(count(after, TaskMeters.ACKNOWLEDGED, "queue", "unknown", "type", "unknown", "outcome", "succeeded"))
                .isEqualTo(1);
    }

    private static double count(SimpleMeterRegistry registry, String name, String... tags) {
        Counter counter = registry.find(name).tags(tags).counter();
        return counter == null ? 0 : counter.count();
    }
}
