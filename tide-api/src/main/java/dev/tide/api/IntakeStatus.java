package dev.tide.api;

import java.time.Instant;

/**
 * Folder intake (see docs/intake.md): whether it is switched on, and what the nodes scanning an inbox folder have done
 * so far. One answer for every node: the switch and the counts are kept in the database.
 *
 * @param enabled whether nodes with an inbox folder take files from it; true until switched off
 * @param filesStored files moved aside as stored, each one task (a file found again after a crash counts once)
 * @param filesRejected files moved to a {@code .rejected} folder with the reason next to them
 * @param lastScanAt when a node last looked through its inbox, or null if none has yet
 */
public record IntakeStatus(boolean enabled, long filesStored, long filesRejected, Instant lastScanAt) {}
