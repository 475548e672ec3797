package dev.tide.api;

/**
 * The payload of the alert tasks the deadline monitor enqueues for a job type's alert users: one per user when a task
 * of a job of that type, or the job itself, nears or misses its deadline. Alert handlers tell it from a
 * {@link JobEndNotice} by {@code event}.
 *
 * @param event {@code deadline.warning} or {@code deadline.violation}
 * @param recipient the alert user the task is for (also its owner)
 */
public record DeadlineAlert(String event, String recipient, DeadlineNotice notice) {}
