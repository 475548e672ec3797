package dev.tide.api;

import java.time.Instant;

/** The load signals' readings, as profiles see them when a claim chooses its limits. */
public interface LoadReadings {

    /** No signal has a reading: every scaling gives its full rate and no load condition holds. */
    LoadReadings NONE = new LoadReadings() {
        @Override
        public double now(String signal) {
            return Double.NaN;
        }

        @Override
        public double sameHourOfPastWeeks(String signal, Instant at, int weeks) {
            return Double.NaN;
        }
    };

    /** The signal's latest reading, or NaN when it has none. */
    double now(String signal);

    /**
     * The mean of the signal's readings in the hour of the week that holds {@code at}, over the {@code weeks} weeks
     * before it; NaN when none were recorded.
     */
    double sameHourOfPastWeeks(String signal, Instant at, int weeks);
}
