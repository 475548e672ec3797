package dev.tide.core.store;

import dev.tide.api.Schedule;
import dev.tide.api.ScheduleInfo;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * Schedules: definitions, and claiming their due firings together with the instances they insert.
 */
public interface ScheduleStore {

    /**
     * Creates or replaces a schedule, and logs it. A replacement keeping the expression and zone keeps its next firing
     * (unless it resumes a paused schedule); otherwise the next firing is {@code nextFireAt}.
     */
    ScheduleInfo scheduleUpsert(Schedule schedule, Instant nextFireAt, Instant now);

    List<ScheduleInfo> scheduleList();

    Optional<ScheduleInfo> scheduleGet(String name);

    /**
     * Pauses a schedule (keeping its next firing: pass null) or resumes it from {@code nextFireAt}, and logs it; empty
     * when there is none by that name.
     */
    Optional<ScheduleInfo> schedulePause(String name, boolean paused, Instant nextFireAt, Instant now);

    /** Removes a schedule and logs it; false when there was none by that name. */
    boolean scheduleDelete(String name, Instant now);

    /** Running schedules whose next firing is at or before {@code now}, earliest first. */
    List<ScheduleInfo> scheduleDue(Instant now, int limit);

    /** The earliest next firing among running schedules. */
    Optional<Instant> scheduleNextFireAt();

    /**
     * Claims a schedule's firings by a compare-and-set of its next firing and, in the same transaction, inserts their
     * instances and the event of any it dropped. Empty, having written nothing, when the next firing is no longer
     * {@link ScheduleFiring#due()} (another node or pass claimed it, or the schedule was paused, changed or removed).
     */
    Optional<InsertBatch> scheduleFire(ScheduleFiring firing);
}
