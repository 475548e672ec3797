package dev.tide.api;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import java.time.Instant;
import java.util.Locale;
import org.jspecify.annotations.Nullable;

/**
 * A deadline about to be missed, or missed: what the deadline monitor tells a {@link DeadlineListener}, writes to the
 * event log and sends in its alert tasks ({@link DeadlineAlert}). Raised once per kind for each unfinished task and
 * open job that has a deadline.
 *
 * @param taskId the task, or null when the notice is about a job
 * @param jobId the job, or the task's job (null for a task outside any job)
 * @param type the task's type, or the job's type
 * @param queue the task's queue; null for a job
 * @param owner the task's or job's owner ({@code ""} for none)
 * @param raisedAt when the monitor raised it (the engine clock's time)
 */
public record DeadlineNotice(
        Kind kind,
        Long taskId,
        Long jobId,
        String type,
        String queue,
        String owner,
        Instant deadline,
        Instant raisedAt) {

    /** Whether the notice is about a job rather than one task. */
    public boolean aboutJob() {
        return taskId == null;
    }

    /** The event kind in the event log and an alert's {@code event}: {@code deadline.warning} or {@code .violation}. */
    public String eventKind() {
        return kind.eventKind();
    }

    /** A warning comes a configured margin before the deadline; a violation once the deadline has passed. */
    public enum Kind {
        WARNING,
        VIOLATION;

        @JsonValue
        public String wireName() {
            return name().toLowerCase(Locale.ROOT);
        }

        public String eventKind() {
            return "deadline." + wireName();
        }

        @JsonCreator
        public static @Nullable Kind parse(@Nullable String text) {
            return Wire.parse(Kind.class, "kind", text);
        }
    }
}
