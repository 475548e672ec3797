package dev.tide.spring;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tide.api.NewTask;
import dev.tide.core.Tide;
import dev.tide.core.testing.PostgresTestDatabase;
import dev.tide.core.time.ManualClock;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What the health indicators of both Boot lines report: reachability, and each queue's lag on the engine's clock. */
class TideHealthReadingTest {
    @TempDir
    Path folder;

    @Test
    void aQueueLagsOnceItsOldestReadyTaskHasWaitedLongerThanTheMaximum() {
        ManualClock clock = new ManualClock(Instant.parse("2026-03-02T09:00:00Z"));
        try (Tide tide = Tide.builder().sqlite(folder).clock(clock).build()) {
            tide.enqueue(
                    NewTask.builder("email").queue("mail").payload(Map.of()).build());
            clock.advance(Duration.ofMinutes(4));
            tide.enqueue(
                    NewTask.builder("email").queue("mail").payload(Map.of()).build());
            clock.advance(Duration.ofMinutes(2));

            TideHealthReading within = TideHealthReading.read(tide, Duration.ofMinutes(10));
            assertThat(within.level()).isEqualTo(TideHealthReading.Level.UP);
            assertThat(within.queues()).containsEntry("mail", new TideHealthReading.QueueLag(2, Duration.ofMinutes(6)));

            TideHealthReading beyond = TideHealthReading.read(tide, Duration.ofMinutes(5));
            assertThat(beyond.level()).isEqualTo(TideHealthReading.Level.OUT_OF_SERVICE);
            assertThat(beyond.lagging()).containsExactly("mail");
            assertThat(beyond.details())
                    .containsEntry("lagging", java.util.List.of("mail"))
                    .containsEntry("maxLag", "PT5M");

            // Without a maximum the lag is reported and never changes the status.
            assertThat(TideHealthReading.read(tide, null).level()).isEqualTo(TideHealthReading.Level.UP);
        }
    }

    @Test
    void aStoreThatDoesNotAnswerIsDownWithTheReason() throws Exception {
        try (PostgresTestDatabase database = PostgresTestDatabase.create("health");
                Tide tide = Tide.builder().postgres(database.url()).build()) {
            tide.enqueue(NewTask.of("email", Map.of()));
            assertThat(TideHealthReading.read(tide, null).level()).isEqualTo(TideHealthReading.Level.UP);

            try (Connection c = DriverManager.getConnection(PostgresTestDatabase.baseUrl());
                    Statement st = c.createStatement()) {
                st.execute("DROP SCHEMA " + database.schema() + " CASCADE");
            }

            TideHealthReading down = TideHealthReading.read(tide, null);
            assertThat(down.level()).isEqualTo(TideHealthReading.Level.DOWN);
            assertThat(down.error()).isNotBlank();
            assertThat(down.details()).containsKey("error");
        }
    }
}
