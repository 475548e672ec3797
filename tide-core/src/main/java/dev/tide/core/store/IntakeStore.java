package dev.tide.core.store;

import dev.tide.api.IntakeStatus;
import java.time.Instant;

/**
 * The folder-intake switch every node follows, and the counts of its passes.
 */
public interface IntakeStore {

    /** The intake switch and the passes' counts (switched on, nothing counted, before anything was written). */
    IntakeStatus intakeGet();

    /** Switches folder intake on or off for every node; returns the status after. */
    IntakeStatus intakeSwitch(boolean enabled, Instant now);

    /** Adds a pass's counts and keeps its scan time if it is the latest. */
    void intakeRecord(IntakePass pass);
}
