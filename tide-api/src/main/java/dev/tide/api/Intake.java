package dev.tide.api;

/**
 * Folder intake on every node (docs/intake.md): its switch and what its passes did. Reached from {@code intake()} of
 * the embedded engine and of the HTTP client alike.
 */
public interface Intake {

    /** The switch, files stored and rejected, the last scan. */
    IntakeStatus status();

    /**
     * The files the nodes took or refused, newest first: each with its outcome, the task it became or why it was
     * refused. Kept as long as the event log (30 days by default).
     */
    Page<IntakeFile> files(IntakeFileQuery query);

    /**
     * Switches folder intake on or off on every node at once, without a restart: the switch is kept in the database, so
     * it also outlasts restarts. A node's pass already under way finishes. Recorded in the event log.
     */
    IntakeStatus switchTo(boolean enabled);
}
