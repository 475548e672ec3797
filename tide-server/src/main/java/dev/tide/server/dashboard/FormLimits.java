package dev.tide.server.dashboard;

import dev.tide.api.ProfileLimits;

/**
 * The limits a profile form types (per hour, per session) laid over the limits it does not show (concurrency, boost,
 * load scaling), which a change from the dashboard keeps as they were rather than dropping them.
 */
final class FormLimits {
    private FormLimits() {}

    /**
     * {@code kept} with the typed hourly and session limits ("" for none); {@link ProfileLimits}' own rules refuse a bad
     * one (400 naming the field).
     */
    static ProfileLimits over(ProfileLimits kept, String maxPerHour, String maxPerSession) {
        return new ProfileLimits(
                Numbers.wholeLong("maxPerHour", blankToNull(maxPerHour)),
                Numbers.whole("maxPerSession", blankToNull(maxPerSession)),
                kept.concurrency(),
                kept.priorityBoost(),
                kept.scaling());
    }

    /** The text a form shows for a limit: "" for none. */
    static String text(Number limit) {
        return limit == null ? "" : limit.toString();
    }

    private static String blankToNull(String text) {
        return text == null || text.isBlank() ? null : text;
    }
}
