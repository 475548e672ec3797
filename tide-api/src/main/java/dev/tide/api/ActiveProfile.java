package dev.tide.api;

import java.time.Instant;
import java.time.ZoneId;
import java.time.temporal.ChronoUnit;
import org.jspecify.annotations.Nullable;

/**
 * What a profile says at one instant: the entry in force (null when none holds and the profile's default applies), its
 * limits with the hourly rate already scaled by load, and the hour its starts are counted in.
 *
 * @param maxPerHour the hourly limit in force now (after load scaling); null for none
 * @param hourStart the start of the hour of {@code zone} that holds the instant. A repeated daylight-saving hour is an
 *     hour of its own, since hours are instants
 */
public record ActiveProfile(
        String profileKey,
        @Nullable String entry,
        ProfileLimits limits,
        @Nullable Long maxPerHour,
        ZoneId zone,
        Instant hourStart) {

    static ActiveProfile of(
            String key, @Nullable String entry, ProfileLimits limits, ZoneId zone, Instant at, LoadReadings load) {
        Instant hour = at.atZone(zone).truncatedTo(ChronoUnit.HOURS).toInstant();
        return new ActiveProfile(key, entry, limits, limits.maxPerHourUnder(load), zone, hour);
    }

    /** Whether the profile limits anything now. */
    public boolean limited() {
        return maxPerHour != null || limits.maxPerSession() != null || limits.concurrency() != null;
    }
}
