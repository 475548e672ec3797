package dev.tide.core.time;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/** The anchored clock's arithmetic, on a database clock and a monotonic clock the test moves by hand. */
class DatabaseAnchoredClockTest {
    private static final long MS = 1_000_000L;

    /** The database's clock: three hours ahead of this host's, as a badly skewed host would see it. */
    private final AtomicLong database = new AtomicLong(System.currentTimeMillis() + 3 * 3_600_000L);

    private final AtomicLong nanos = new AtomicLong(5_000 * MS);
    private final long databaseAtStart = database.get();
    private final long nanosAtStart = nanos.get();

    @Test
    void followsTheDatabaseNotThisHostsWallClock() {
        DatabaseAnchoredClock clock = DatabaseAnchoredClock.manual(database::get, nanos::get);
        assertThat(clock.millis()).isEqualTo(database.get());
        assertThat(clock.skewMillis()).isBetween(3 * 3_600_000L - 1000, 3 * 3_600_000L + 1000);
    }

    @Test
    void extendsTheAnchorWithTheMonotonicClock() {
        DatabaseAnchoredClock clock = DatabaseAnchoredClock.manual(database::get, nanos::get);
        long anchored = database.get();
        nanos.addAndGet(1_500 * MS + 400_000);
        assertThat(clock.instant()).isEqualTo(Instant.ofEpochMilli(anchored + 1_500));
    }

    @Test
    void assumesTheDatabaseReadItsClockHalfwayThroughTheRoundTrip() {
        // Each reading takes 10 ms, and the database reads its clock after 5 ms.
        DatabaseAnchoredClock clock = DatabaseAnchoredClock.manual(() -> readAfter(5, 5), nanos::get);
        nanos.addAndGet(1_000 * MS);
        assertThat(clock.millis()).isEqualTo(trueTime());
    }

    @Test
    void takesTheReadingWithTheShortestRoundTrip() {
        // Three readings; the database answers early in the two slow ones, so only the quick one is exact.
        long[][] delays = {{1, 39}, {1, 1}, {2, 28}};
        int[] call = {0};
        DatabaseAnchoredClock clock = DatabaseAnchoredClock.manual(
                () -> {
                    long[] d = delays[call[0]++];
                    return readAfter(d[0], d[1]);
                },
                nanos::get);
        assertThat(clock.millis()).isEqualTo(trueTime());
    }

    /** The database's clock if it runs at the pace of the monotonic clock, as both do in these tests. */
    private long trueTime() {
        return databaseAtStart + Math.floorDiv(nanos.get() - nanosAtStart, MS);
    }

    /** One reading: {@code beforeMillis} pass, the database reads its clock, {@code afterMillis} pass. */
    private long readAfter(long beforeMillis, long afterMillis) {
        nanos.addAndGet(beforeMillis * MS);
        long read = trueTime();
        nanos.addAndGet(afterMillis * MS);
        return read;
    }

    @Test
    void neverGoesBackwardsWhenANewAnchorIsBehind() {
        DatabaseAnchoredClock clock = DatabaseAnchoredClock.manual(database::get, nanos::get);
        long start = clock.millis();
        nanos.addAndGet(1_000 * MS); // this host's monotonic clock ran 1 s while the database's ran 0.9 s
        assertThat(clock.millis()).isEqualTo(start + 1_000);
        database.addAndGet(900);
        clock.reanchor();
        assertThat(clock.millis()).as("holds still").isEqualTo(start + 1_000);
        nanos.addAndGet(60 * MS);
        assertThat(clock.millis()).isEqualTo(start + 1_000);
        nanos.addAndGet(50 * MS);
        assertThat(clock.millis()).as("moves once the anchor has caught up").isEqualTo(start + 1_010);
    }

    @Test
    void jumpsForwardWhenANewAnchorIsAhead() {
        DatabaseAnchoredClock clock = DatabaseAnchoredClock.manual(database::get, nanos::get);
        long start = clock.millis();
        database.addAndGet(2_000);
        nanos.addAndGet(1_000 * MS);
        clock.reanchor();
        assertThat(clock.millis()).isEqualTo(start + 2_000);
    }
}
