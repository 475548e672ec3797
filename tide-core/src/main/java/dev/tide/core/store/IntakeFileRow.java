package dev.tide.core.store;

import dev.tide.api.IntakeFile;
import java.time.Instant;

/**
 * A file a pass took or refused, to insert into the intake's record ({@link IntakeFile} without its id).
 *
 * @param queue null for a file dropped outside any queue folder
 * @param taskId the task it became; null when rejected
 * @param reason why it was rejected; null when stored
 */
public record IntakeFileRow(
        Instant at, String owner, String queue, String name, IntakeFile.Outcome outcome, Long taskId, String reason) {

    public static IntakeFileRow stored(Instant at, String owner, String queue, String name, long taskId) {
        return new IntakeFileRow(at, owner, queue, name, IntakeFile.Outcome.STORED, taskId, null);
    }

    public static IntakeFileRow rejected(Instant at, String owner, String queue, String name, String reason) {
        return new IntakeFileRow(at, owner, queue, name, IntakeFile.Outcome.REJECTED, null, reason);
    }
}
