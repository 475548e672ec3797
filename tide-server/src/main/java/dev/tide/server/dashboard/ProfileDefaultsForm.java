package dev.tide.server.dashboard;

import dev.tide.api.InvalidRequestException;
import dev.tide.api.Profile;
import dev.tide.api.ProfileLimits;
import java.time.ZoneId;
import java.util.List;

/**
 * The form that sets a profile's zone and its default (the limits of every hour no entry covers), as typed: kept as
 * text so a refused change comes back as it was typed.
 *
 * @param zone the profile's zone, in which the entries that name none are read
 * @param maxPerHour the default's hourly limit: "" for none, 0 pauses
 * @param maxPerSession the default's session limit: "" for none
 */
public record ProfileDefaultsForm(String zone, String maxPerHour, String maxPerSession) {

    /** The form of a new profile: UTC, no limit. */
    public static ProfileDefaultsForm empty() {
        return new ProfileDefaultsForm("UTC", "", "");
    }

    /** The form filled with the profile's zone and default. */
    public static ProfileDefaultsForm of(Profile profile) {
        ProfileLimits otherwise = profile.otherwise() == null ? ProfileLimits.UNLIMITED : profile.otherwise();
        return new ProfileDefaultsForm(
                ProfileText.zone(profile.zone()),
                FormLimits.text(otherwise.maxPerHour()),
                FormLimits.text(otherwise.maxPerSession()));
    }

    static ProfileDefaultsForm read(PageContext page) {
        return new ProfileDefaultsForm(
                text(page.form("zone")), text(page.form("maxPerHour")), text(page.form("maxPerSession")));
    }

    /**
     * The profile with the form's zone and default; the default keeps what the form does not show (concurrency, boost,
     * load scaling). Whether the entries still fit together in the new zone is left to {@link Profile}.
     */
    Profile applyTo(Profile profile) {
        return new Profile(
                profile.taskType(), profile.jobType(), zoneId(), profile.entries(), otherwise(profile.otherwise()));
    }

    /** A new profile, with no entry, for a task type or a job type (exactly one of them). */
    Profile create(String taskType, String jobType) {
        return new Profile(taskType, jobType, zoneId(), List.of(), otherwise(null));
    }

    private ZoneId zoneId() {
        if (zone.isEmpty()) {
            throw new InvalidRequestException("zone", "give the profile's time zone (e.g. Europe/Paris, or UTC)");
        }
        return Zones.parse("zone", zone);
    }

    /** The typed default over the kept one; null (no limit at all) when nothing is left. */
    private ProfileLimits otherwise(ProfileLimits kept) {
        ProfileLimits limits =
                FormLimits.over(kept == null ? ProfileLimits.UNLIMITED : kept, maxPerHour, maxPerSession);
        return limits.equals(ProfileLimits.UNLIMITED) ? null : limits;
    }

    private static String text(String value) {
        return value == null ? "" : value;
    }
}
