package dev.tide.core.store.postgresql;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tide.core.Tide;
import dev.tide.core.TideConfig;
import dev.tide.core.store.JobEndHook;
import dev.tide.core.testing.PostgresTestDatabase;
import dev.tide.core.time.DatabaseAnchoredClock;
import java.time.Duration;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The database-anchored clock against the real database's clock. */
class PostgresClockTest {
    private static PostgresTestDatabase db;
    private static PostgresStore store;

    @BeforeAll
    static void open() {
        db = PostgresTestDatabase.create("pg_clock");
        store = PostgresStore.open(db.url(), JobEndHook.NONE);
    }

    @AfterAll
    static void close() {
        if (store != null) {
            store.close();
        }
        if (db != null) {
            db.close();
        }
    }

    @Test
    void agreesWithTheDatabaseWithinAFewMilliseconds() {
        try (DatabaseAnchoredClock clock = new DatabaseAnchoredClock(store::databaseNowMillis, Duration.ofMillis(50))) {
            int close = 0;
            for (int i = 0; i < 20; i++) {
                long before = clock.millis();
                long database = store.databaseNowMillis();
                long after = clock.millis();
                // The database read its clock between our two readings; allow rounding of 1 ms and a little slack.
                if (database >= before - 3 && database <= after + 3) {
                    close++;
                }
            }
            // A reading can be delayed by the scheduler on a busy machine; nearly all must agree.
            assertThat(close).isGreaterThanOrEqualTo(18);
        }
    }

    @Test
    void isMonotonicAcrossReanchors() throws InterruptedException {
        try (DatabaseAnchoredClock clock = new DatabaseAnchoredClock(store::databaseNowMillis, Duration.ofMillis(1))) {
            long last = clock.millis();
            long until = System.nanoTime() + Duration.ofMillis(300).toNanos();
            int readings = 0;
            while (System.nanoTime() < until) {
                long now = clock.millis();
                assertThat(now).isGreaterThanOrEqualTo(last);
                last = now;
                readings++;
                if (readings % 1000 == 0) {
                    Thread.sleep(1);
                }
            }
            assertThat(readings).isGreaterThan(1000);
        }
    }

    @Test
    void aPostgresEngineRunsOnTheDatabasesClockUnlessGivenOne() {
        try (Tide tide = Tide.builder()
                .postgres(db.url())
                .config(TideConfig.defaults().withMaintenanceInterval(null))
                .build()) {
            assertThat(tide.clock()).isInstanceOf(DatabaseAnchoredClock.class);
            long database = store.databaseNowMillis();
            assertThat(tide.clock().millis()).isBetween(database - 50, database + 50);
        }
    }
}
