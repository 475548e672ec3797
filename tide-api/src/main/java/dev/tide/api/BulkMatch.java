package dev.tide.api;

/**
 * How many tasks a filter matches now, for the confirmation that states how many ({@link BulkActions#match}).
 *
 * @param count the tasks matching now
 * @param upToTaskId the highest id among them (0 when none): a {@link BulkRequest} that passes it back touches no task
 *     received after the count was taken
 */
public record BulkMatch(long count, long upToTaskId) {}
