package dev.tide.core.store;

import dev.tide.api.IntakeFile;
import dev.tide.api.IntakeFileQuery;
import dev.tide.api.IntakeStatus;
import dev.tide.api.Page;
import java.time.Instant;

/**
 * The folder-intake switch every node follows, the counts of its passes, and the record of the files they handled.
 */
public interface IntakeStore {

    /** The intake switch and the passes' counts (switched on, nothing counted, before anything was written). */
    IntakeStatus intakeGet();

    /** Switches folder intake on or off for every node; returns the status after. */
    IntakeStatus intakeSwitch(boolean enabled, Instant now);

    /** Adds a pass's counts, keeps its scan time if it is the latest, and records its files: one transaction. */
    void intakeRecord(IntakePass pass);

    /** A page of the recorded files, newest first. */
    Page<IntakeFile> intakeFiles(IntakeFileQuery query);
}
