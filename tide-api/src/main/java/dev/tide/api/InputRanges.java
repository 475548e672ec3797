package dev.tide.api;

import java.time.Duration;
import java.time.Instant;
import org.jspecify.annotations.Nullable;

/**
 * The times and durations a request may give, one named range each. The engine checks them before it writes anything
 * ({@link InvalidRequestException} naming the field and its range); openapi.yaml writes each in the field's description
 * and in an {@code x-tide-range} naming the constant, which its test holds to the values here.
 *
 * <p>Why bounds at all: {@code PT99999999999999H} or the year +999999999 overflow the arithmetic on instants and the
 * stores' columns, and no queue means them. Instants end at 9999-12-31, where ISO-8601 text ends with four-digit years,
 * and begin at the epoch, where the stores' millisecond columns begin; a time to come is at most 100 years ahead.
 */
public final class InputRanges {
    /** The earliest instant a request may name. */
    public static final Instant EARLIEST = Instant.parse("1970-01-01T00:00:00Z");

    /** The latest instant a request may name. */
    public static final Instant LATEST = Instant.parse("9999-12-31T23:59:59Z");

    /** How far ahead a time to come may be: 100 years of 365.25 days. */
    public static final Duration AHEAD = Duration.ofDays(36_525);

    /** Any instant: a bound of a selection ({@code receivedFrom}, {@code receivedTo}). */
    public static final InstantRange INSTANT = new InstantRange("INSTANT", EARLIEST, LATEST, null);

    /** A time to come: {@code runAt}, {@code deadline}, {@code expiresAt}; at most {@link #AHEAD} after now. */
    public static final InstantRange FUTURE = new InstantRange("FUTURE", EARLIEST, LATEST, AHEAD);

    /** A wait before something happens: {@code delay}, {@code retryDelay}, a backoff. */
    public static final DurationRange DELAY = new DurationRange("DELAY", Duration.ZERO, AHEAD);

    /** A lease: {@code leaseDuration} of a claim or a type, a heartbeat's {@code extension}. */
    public static final DurationRange LEASE = new DurationRange("LEASE", Duration.ofSeconds(1), Duration.ofHours(24));

    /** The time a task or job is given to finish when it names no deadline: a type's {@code defaultDuration}. */
    public static final DurationRange DEFAULT_DURATION =
            new DurationRange("DEFAULT_DURATION", Duration.ofSeconds(1), AHEAD);

    /** How long a token lasts: {@code validFor} of an API token or a session. */
    public static final DurationRange VALID_FOR = new DurationRange("VALID_FOR", Duration.ofSeconds(1), AHEAD);

    private InputRanges() {}

    /** The constant of this name, for the document's test; null when there is none. */
    public static @Nullable Object named(String name) {
        return switch (name) {
            case "INSTANT" -> INSTANT;
            case "FUTURE" -> FUTURE;
            case "DELAY" -> DELAY;
            case "LEASE" -> LEASE;
            case "DEFAULT_DURATION" -> DEFAULT_DURATION;
            case "VALID_FOR" -> VALID_FOR;
            default -> null;
        };
    }

    /**
     * {@code from} plus {@code duration}, or {@link #LATEST} where that would pass it: for durations already stored,
     * which were not checked when they were written, so that they cut a deadline short instead of failing a request.
     */
    public static Instant plusAtMostLatest(Instant from, Duration duration) {
        if (duration.compareTo(Duration.between(from, LATEST)) >= 0) {
            return LATEST;
        }
        return from.plus(duration);
    }

    /** Durations from {@code min} to {@code max}, both included. */
    public record DurationRange(String name, Duration min, Duration max) {
        /** The value, or an {@link InvalidRequestException} naming {@code field} and the range; null passes. */
        public Duration check(String field, Duration value) {
            if (value != null && (value.compareTo(min) < 0 || value.compareTo(max) > 0)) {
                throw new InvalidRequestException(field, "is " + value + "; it must be within " + this);
            }
            return value;
        }

        @Override
        public String toString() {
            return min + " .. " + max + (max.equals(AHEAD) ? " (100 years)" : "");
        }
    }

    /**
     * Instants from {@code earliest} to {@code latest}, both included, and when {@code ahead} is set at most that long
     * after the time of the request.
     */
    public record InstantRange(
            String name,
            Instant earliest,
            Instant latest,
            @Nullable Duration ahead) {
        /** The value, or an {@link InvalidRequestException} naming {@code field} and the range; null passes. */
        public @Nullable Instant check(String field, @Nullable Instant value, Instant now) {
            if (value == null) {
                return null;
            }
            if (value.isBefore(earliest) || value.isAfter(latest)) {
                throw new InvalidRequestException(field, "is " + value + "; it must be within " + this);
            }
            if (ahead != null && Duration.between(now, value).compareTo(ahead) > 0) {
                throw new InvalidRequestException(field, "is " + value + "; it must be within " + this);
            }
            return value;
        }

        @Override
        public String toString() {
            String span = earliest + " .. " + latest;
            return ahead == null ? span : span + ", at most " + ahead.toDays() / 365 + " years (" + ahead + ") ahead";
        }
    }
}
