package dev.tide.api;

import org.jspecify.annotations.Nullable;

/**
 * What a profile entry allows while it is in force (the thesis's {@code max_per_hour} and {@code max_per_sess}, and
 * more). Every field may be null for "no limit".
 *
 * @param maxPerHour the most units started per hour of the profile's time zone, across all workers and nodes; 0 pauses
 *     the work. A start is admitted only while the units already counted in its hour plus its own are at most this
 * @param maxPerSession the most units one session takes: one processing cycle, or one claim of a worker that claims
 *     continuously
 * @param concurrency the most tasks under this profile leased at once, across all workers and nodes
 * @param priorityBoost while in force, claims take this profile's tasks before the rest of their queue; among boosted
 *     profiles, the larger boost first
 * @param scaling scales {@code maxPerHour} down by a load signal, to no less than its minimum
 */
public record ProfileLimits(
        @Nullable Long maxPerHour,
        @Nullable Integer maxPerSession,
        @Nullable Integer concurrency,
        @Nullable Integer priorityBoost,
        @Nullable LoadScaling scaling) {

    /** No limit at all: what applies when a profile declares no default and no entry matches. */
    public static final ProfileLimits UNLIMITED = new ProfileLimits(null, null, null, null, null);

    public ProfileLimits {
        if (maxPerHour != null && maxPerHour < 0) {
            throw new InvalidRequestException("maxPerHour", "must not be negative");
        }
        if (maxPerSession != null && maxPerSession < 1) {
            throw new InvalidRequestException("maxPerSession", "must be at least 1 (leave it out for no limit)");
        }
        if (concurrency != null && concurrency < 0) {
            throw new InvalidRequestException("concurrency", "must not be negative");
        }
        if (priorityBoost != null && priorityBoost < 0) {
            throw new InvalidRequestException("priorityBoost", "must not be negative");
        }
        if (scaling != null) {
            if (maxPerHour == null) {
                throw new InvalidRequestException("scaling", "needs maxPerHour, the rate at low load");
            }
            if (scaling.minPerHour() > maxPerHour) {
                throw new InvalidRequestException(
                        "scaling.minPerHour", scaling.minPerHour() + " is above maxPerHour " + maxPerHour);
            }
        }
    }

    public static ProfileLimits perHour(long max) {
        return new ProfileLimits(max, null, null, null, null);
    }

    public ProfileLimits withMaxPerSession(@Nullable Integer value) {
        return new ProfileLimits(maxPerHour, value, concurrency, priorityBoost, scaling);
    }

    public ProfileLimits withConcurrency(@Nullable Integer value) {
        return new ProfileLimits(maxPerHour, maxPerSession, value, priorityBoost, scaling);
    }

    public ProfileLimits withPriorityBoost(@Nullable Integer value) {
        return new ProfileLimits(maxPerHour, maxPerSession, concurrency, value, scaling);
    }

    public ProfileLimits withScaling(@Nullable LoadScaling value) {
        return new ProfileLimits(maxPerHour, maxPerSession, concurrency, priorityBoost, value);
    }

    /** The hourly limit under the given load readings: {@code maxPerHour} scaled by {@link #scaling()}; null for none. */
    public @Nullable Long maxPerHourUnder(LoadReadings readings) {
        if (maxPerHour == null || scaling == null) {
            return maxPerHour;
        }
        return scaling.scale(maxPerHour, readings.now(scaling.signal()));
    }
}
