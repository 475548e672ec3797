package dev.tide.core.engine;

import dev.tide.api.DeadlineListener;
import io.micrometer.core.instrument.MeterRegistry;
import java.time.Duration;
import java.util.List;

/**
 * How the engine watches deadlines.
 *
 * @param margin how long before a deadline the early warning comes; zero raises violations only
 * @param listeners called for every notice raised, in order
 * @param meters where warnings and violations are counted
 */
public record DeadlineSettings(Duration margin, List<DeadlineListener> listeners, MeterRegistry meters) {
    /** The margin when none is configured. */
    public static final Duration DEFAULT_MARGIN = Duration.ofMinutes(5);

    public DeadlineSettings {
        if (margin == null || margin.isNegative()) {
            throw new IllegalArgumentException("the deadline margin must be zero or positive, not " + margin);
        }
        listeners = List.copyOf(listeners);
    }
}
