package dev.tide.api;

import java.time.Instant;
import java.util.List;

/**
 * Recurring tasks fired from cron expressions, once per firing across all nodes (see {@link Schedule}). Reached from
 * {@code schedules()} of the embedded engine and of the HTTP client alike.
 */
public interface Schedules {

    /**
     * Creates or replaces a schedule. A replacement that keeps the expression and zone keeps the next firing; one that
     * changes them fires next at the first firing after now. Recorded in the event log.
     */
    ScheduleInfo define(Schedule schedule);

    /** All schedules, by name. */
    List<ScheduleInfo> list();

    /** The schedule, or {@link NotFoundException}. */
    ScheduleInfo get(String name);

    /**
     * The next {@code count} firings (1 to 1000) of a schedule: from its next firing, or from now while it is paused.
     */
    List<Instant> firings(String name, int count);

    /** Holds a schedule's firings back on every node: firings while paused fire nothing, even after it resumes. */
    ScheduleInfo pause(String name);

    /** Lets a paused schedule fire again, from its first firing after now. */
    ScheduleInfo resume(String name);

    /** Removes a schedule; the tasks it enqueued stay. {@link NotFoundException} if none has that name. */
    void delete(String name);
}
