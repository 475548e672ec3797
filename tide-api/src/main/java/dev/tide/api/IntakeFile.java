package dev.tide.api;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import java.time.Instant;
import java.util.Locale;
import org.jspecify.annotations.Nullable;

/**
 * One file folder intake took or refused (see docs/intake.md), as every node and the dashboard read it back. Kept as
 * long as the event log; the file itself is in the inbox's {@code .stored} or {@code .rejected} folder.
 *
 * @param id increasing: a file handled later has a larger id
 * @param at when the node took or refused it, by the engine's clock
 * @param owner the user folder it was dropped in, the owner of its task
 * @param queue the queue folder it was dropped in; null for a file dropped in the user folder itself
 * @param name the file's name as it was in the inbox (any text a file system allows: show it as text)
 * @param taskId the task it became; null when rejected (a file is one task)
 * @param reason why it was rejected, as its {@code .error} file says (a {@code .json} file that is not JSON names the
 *     line and column); null when stored
 */
public record IntakeFile(
        long id,
        Instant at,
        String owner,
        @Nullable String queue,
        String name,
        Outcome outcome,
        @Nullable Long taskId,
        @Nullable String reason) {

    /** What became of the file. */
    public enum Outcome {
        /** Its task is in the database and the file moved to {@code .stored}. */
        STORED,
        /** Refused for what it is and moved to {@code .rejected}; it made no task. */
        REJECTED;

        @JsonValue
        public String wireName() {
            return name().toLowerCase(Locale.ROOT);
        }

        @JsonCreator
        public static @Nullable Outcome parse(@Nullable String text) {
            return Wire.parse(Outcome.class, "outcome", text);
        }
    }
}
