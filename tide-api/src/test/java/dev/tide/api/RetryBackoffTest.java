package dev.tide.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.DoubleRange;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.LongRange;
import org.junit.jupiter.api.Test;

class RetryBackoffTest {
    @Property
    void delayStaysWithinTheJitterBandAndTheCap(
            @ForAll @LongRange(min = 0, max = 60_000) long initialMs,
            @ForAll @DoubleRange(min = 1.0, max = 10.0) double multiplier,
            @ForAll @LongRange(min = 0, max = 3_600_000) long extraMaxMs,
            @ForAll @DoubleRange(min = 0.0, max = 0.99) double jitter,
            @ForAll @IntRange(min = 1, max = 200) int attempt,
            @ForAll @DoubleRange(min = 0.0, max = 0.99) double uniform) {
        Duration max = Duration.ofMillis(initialMs + extraMaxMs);
        RetryBackoff b = new RetryBackoff(Duration.ofMillis(initialMs), multiplier, max, jitter);
        long delay = b.delayAfter(attempt, uniform).toMillis();
        double base = Math.min((double) initialMs * Math.pow(multiplier, attempt - 1), (double) max.toMillis());
        assertThat(delay).isBetween(0L, max.toMillis());
        assertThat((double) delay).isBetween(base * (1 - jitter) - 1, base * (1 + jitter) + 1);
    }

    @Property
    void withoutJitterDelaysNeverShrink(@ForAll @IntRange(min = 1, max = 100) int attempt) {
        RetryBackoff b = new RetryBackoff(Duration.ofSeconds(1), 1.7, Duration.ofHours(2), 0);
        assertThat(b.delayAfter(attempt + 1, 0.5)).isGreaterThanOrEqualTo(b.delayAfter(attempt, 0.5));
    }

    @Test
    void exampleDelays() {
        RetryBackoff b = new RetryBackoff(Duration.ofSeconds(5), 2, Duration.ofSeconds(60), 0);
        assertThat(b.delayAfter(1, 0.3)).isEqualTo(Duration.ofSeconds(5));
        assertThat(b.delayAfter(3, 0.3)).isEqualTo(Duration.ofSeconds(20));
        assertThat(b.delayAfter(10, 0.3)).isEqualTo(Duration.ofSeconds(60));
    }

    @Test
    void invalidSettingsNameTheirField() {
        assertThatThrownBy(() -> new RetryBackoff(Duration.ofSeconds(5), 0.5, Duration.ofSeconds(60), 0))
                .hasMessageStartingWith("backoff.multiplier");
        assertThatThrownBy(() -> new RetryBackoff(Duration.ofSeconds(5), 2, Duration.ofSeconds(1), 0))
                .hasMessageStartingWith("backoff.max");
    }
}
