package dev.tide.core.settings;

import dev.tide.api.TaskType;
import java.time.Duration;
import java.util.List;

/**
 * How long the event log and the hourly statistics are kept, and the digest sent to the administrators.
 *
 * @param eventRetention events, and folder intake's records of files ({@code Intake.files}), are deleted this long
 *     after they happened; null keeps them forever
 * @param statsRetention hourly statistics are deleted this long after their hour; null keeps them forever
 * @param digestInterval the digest's period, counted from the epoch in UTC (a day: from midnight UTC to midnight); one
 *     digest is enqueued per period, by one node, once the period is over. Null sends none
 * @param digestRecipients the administrators the digest is addressed to; with none, no digest is sent
 * @param notificationType the task type of the digest (and what a handler of that type routes, e.g. mails)
 */
public record StatsSettings(
        Duration eventRetention,
        Duration statsRetention,
        Duration digestInterval,
        List<String> digestRecipients,
        String notificationType) {

    public static final String DEFAULT_NOTIFICATION_TYPE = "tide.notification";

    public StatsSettings {
        positiveOrNull("eventRetention", eventRetention);
        positiveOrNull("statsRetention", statsRetention);
        positiveOrNull("digestInterval", digestInterval);
        digestRecipients = digestRecipients == null ? List.of() : List.copyOf(digestRecipients);
        TaskType.requireName("notificationType", notificationType);
    }

    /** Events for 30 days, statistics for 400, a daily digest once recipients are named. */
    public static StatsSettings defaults() {
        return new StatsSettings(
                Duration.ofDays(30), Duration.ofDays(400), Duration.ofDays(1), List.of(), DEFAULT_NOTIFICATION_TYPE);
    }

    /** Whether a digest goes out at all: an interval and someone to address it to. */
    public boolean digestEnabled() {
        return digestInterval != null && !digestRecipients.isEmpty();
    }

    private static void positiveOrNull(String name, Duration value) {
        if (value != null && (value.isNegative() || value.isZero())) {
            throw new IllegalArgumentException(name + " must be positive, or null");
        }
    }
}
