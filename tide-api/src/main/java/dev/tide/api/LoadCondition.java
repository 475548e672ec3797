package dev.tide.api;

import java.time.Instant;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;

/**
 * Makes a profile entry apply only while a load signal is in a range: {@code atLeast <= value < below} (either bound
 * may be left out). With {@code pastWeeks}, the value is not the reading now but the mean of the readings at the same
 * hour of the week over that many past weeks (seed 000 ch. 7: "older historical trends to pick a profile in
 * advance"). An entry whose signal has no reading does not apply.
 */
public record LoadCondition(
        String signal,
        @Nullable Double atLeast,
        @Nullable Double below,
        @Nullable Integer pastWeeks) {

    private static final Pattern SIGNAL = Pattern.compile("[a-z][a-z0-9._-]{0,62}");

    public LoadCondition {
        requireSignal("when.signal", signal);
        if (atLeast == null && below == null) {
            throw new InvalidRequestException("when", "needs atLeast, below or both");
        }
        if (atLeast != null && below != null && !(atLeast < below)) {
            throw new InvalidRequestException("when", "atLeast (" + atLeast + ") must be below below (" + below + ")");
        }
        if (pastWeeks != null && (pastWeeks < 1 || pastWeeks > 52)) {
            throw new InvalidRequestException("when.pastWeeks", "must be between 1 and 52");
        }
    }

    public static LoadCondition below(String signal, double value) {
        return new LoadCondition(signal, null, value, null);
    }

    public static LoadCondition atLeast(String signal, double value) {
        return new LoadCondition(signal, value, null, null);
    }

    public LoadCondition overPastWeeks(int weeks) {
        return new LoadCondition(signal, atLeast, below, weeks);
    }

    /** Whether the condition holds at {@code at}. */
    public boolean holds(LoadReadings readings, Instant at) {
        double value = pastWeeks == null ? readings.now(signal) : readings.sameHourOfPastWeeks(signal, at, pastWeeks);
        return !Double.isNaN(value) && (atLeast == null || value >= atLeast) && (below == null || value < below);
    }

    /** Whether no reading can satisfy both: the same signal and source, with ranges that do not meet. */
    boolean excludes(LoadCondition other) {
        if (!signal.equals(other.signal) || !java.util.Objects.equals(pastWeeks, other.pastWeeks)) {
            return false;
        }
        double lo1 = atLeast == null ? Double.NEGATIVE_INFINITY : atLeast;
        double hi1 = below == null ? Double.POSITIVE_INFINITY : below;
        double lo2 = other.atLeast == null ? Double.NEGATIVE_INFINITY : other.atLeast;
        double hi2 = other.below == null ? Double.POSITIVE_INFINITY : other.below;
        return hi1 <= lo2 || hi2 <= lo1;
    }

    static void requireSignal(String field, String signal) {
        if (signal == null || !SIGNAL.matcher(signal).matches()) {
            throw new InvalidRequestException(
                    field,
                    signal == null
                            ? "is required"
                            : "'" + signal + "' must be lower-case letters, digits or . _ -, starting with a letter");
        }
    }
}
