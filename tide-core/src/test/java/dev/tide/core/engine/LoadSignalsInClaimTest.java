package dev.tide.core.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import dev.tide.api.ClaimRequest;
import dev.tide.api.LoadScaling;
import dev.tide.api.NewTask;
import dev.tide.api.Profile;
import dev.tide.api.ProfileLimits;
import dev.tide.core.Tide;
import dev.tide.core.TideConfig;
import dev.tide.core.TideInternals;
import dev.tide.core.time.ManualClock;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A claim under a profile scaled by a built-in signal samples the signal from inside its transaction. On SQLite the
 * sample must not be written to the store there (the single writer refuses a nested write, and the claim failed every
 * time a sample was due): it is recorded once the claim is over.
 */
class LoadSignalsInClaimTest {
    @TempDir
    Path folder;

    @Test
    void aClaimThatSamplesASignalSucceedsAndTheReadingIsRecordedAfterIt() {
        Instant t0 = Instant.parse("2026-01-05T09:00:00Z");
        ManualClock clock = new ManualClock(t0);
        try (Tide tide = Tide.builder()
                .sqlite(folder)
                .clock(clock)
                .config(TideConfig.defaults().withMaintenanceInterval(null))
                .build()) {
            double memory = tide.loadSignals().now("memory");
            assumeFalse(Double.isNaN(memory), "this host reports no memory use");
            tide.profiles()
                    .define(Profile.forTaskType(
                            "email",
                            ZoneOffset.UTC,
                            List.of(),
                            ProfileLimits.perHour(100).withScaling(new LoadScaling("memory", 10, 0.0, 1.0))));
            for (int i = 0; i < 3; i++) {
                tide.enqueue(NewTask.builder("email").build());
            }

            for (int i = 0; i < 3; i++) {
                clock.advance(Duration.ofMinutes(2)); // each claim finds a sample due
                assertThat(tide.claim(ClaimRequest.of("default", "w", 1))).hasSize(1);
            }
            double recorded =
                    TideInternals.store(tide).profiles().loadMean("memory", List.of(t0.truncatedTo(ChronoUnit.HOURS)));
            assertThat(recorded).as("the claims' samples reached the store").isBetween(0.0, 1.0);
        }
    }
}
