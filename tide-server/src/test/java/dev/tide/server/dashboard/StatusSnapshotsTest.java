package dev.tide.server.dashboard;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tide.api.StatusReport;
import dev.tide.core.time.ManualClock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class StatusSnapshotsTest {
    private final ManualClock clock = new ManualClock(Instant.parse("2030-01-07T09:00:00Z"));
    private final AtomicInteger counts = new AtomicInteger();

    private StatusReport count(long sleepMillis) {
        try {
            Thread.sleep(sleepMillis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        counts.incrementAndGet();
        return new StatusReport(List.of(), List.of(), false);
    }

    /** Waits for the background count, failing after five seconds. */
    private static void within5s(java.util.function.BooleanSupplier done) throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(5).toNanos();
        while (!done.getAsBoolean()) {
            assertThat(System.nanoTime()).as("the background count within 5 s").isLessThan(deadline);
            Thread.sleep(10);
        }
    }

    @Test
    void theFirstPageWaitsForACountAndLaterOnesNever() throws InterruptedException {
        StatusSnapshots snapshots = new StatusSnapshots(() -> count(0), status -> Map.of(), clock);
        StatusSnapshots.Snapshot first = snapshots.latest();
        assertThat(counts).hasValue(1);
        clock.advance(Duration.ofSeconds(4));
        assertThat(snapshots.latest()).isSameAs(first);
        assertThat(counts).hasValue(1);

        clock.advance(Duration.ofSeconds(2));
        assertThat(snapshots.latest())
                .as("the old count, while a new one is made")
                .isSameAs(first);
        within5s(() -> snapshots.latest() != first);
        assertThat(counts).hasValue(2);
    }

    @Test
    void anExpensiveCountIsMadeMoreRarely() throws InterruptedException {
        StatusSnapshots snapshots = new StatusSnapshots(() -> count(250), status -> Map.of(), clock);
        StatusSnapshots.Snapshot first = snapshots.latest();
        clock.advance(Duration.ofSeconds(6)); // past the minimum, within 30 times 250 ms
        assertThat(snapshots.latest()).isSameAs(first);
        assertThat(counts).hasValue(1);
        clock.advance(Duration.ofSeconds(2));
        snapshots.latest();
        within5s(() -> counts.get() == 2);
    }
}
