package dev.tide.api;

import java.time.Instant;

/**
 * A defined queue as it stands.
 *
 * @param suspended whether dispatch is stopped: tasks are still accepted, none is claimed
 * @param reordering whether tasks queued before the last change of discipline are still being given their new place
 *     (a background chore that works through the queue in batches)
 */
public record QueueInfo(String name, Discipline discipline, boolean suspended, boolean reordering, Instant updatedAt) {}
