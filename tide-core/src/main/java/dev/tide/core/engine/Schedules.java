package dev.tide.core.engine;

import dev.tide.api.InputRanges;
import dev.tide.api.InvalidRequestException;
import dev.tide.api.NewTask;
import dev.tide.api.NotFoundException;
import dev.tide.api.Schedule;
import dev.tide.api.ScheduleInfo;
import dev.tide.api.TaskType;
import dev.tide.api.TideEvent;
import dev.tide.api.json.Json;
import dev.tide.core.store.Coordination;
import dev.tide.core.store.EventRow;
import dev.tide.core.store.InsertBatch;
import dev.tide.core.store.ScheduleFiring;
import dev.tide.core.store.ScheduleStore;
import dev.tide.core.store.TaskRow;
import java.time.Duration;
import java.time.Instant;
import java.time.InstantSource;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Recurring schedules in this process (the API's {@link dev.tide.api.Schedules} is the facade's {@code EmbeddedSchedules}
 * over this): checks a definition completely before it is stored, and fires due schedules on a thread of its own.
 *
 * <p>Exactly one instance per firing across nodes: a pass reads a due schedule's next firing, plans what fires
 * ({@link FiringPlan}) and hands the store a compare-and-set of that next firing together with the instances, so only
 * one pass in all moves it and inserts them, in one transaction. Each instance's idempotency key
 * ({@code schedule:<name>:<firing>}) is a second guard: an instance can never be inserted twice even by a pass whose
 * compare-and-set were to succeed twice for one firing. Only the maintenance leader's thread fires (less contention),
 * but {@link #fireDue()} is safe on any node at any time.
 *
 * <p>The thread sleeps until the earliest next firing, at most {@code cap}, and is nudged when a schedule changes.
 */
public final class Schedules implements BackgroundService {
    private static final Logger log = LoggerFactory.getLogger(Schedules.class);
    private static final int BATCH = 100;
    private static final int MAX_UPCOMING = 1000;

    private final ScheduleStore store;
    private final Coordination coordination;
    private final InstantSource clock;
    private final TaskResolver resolver;
    private final Consumer<Set<String>> onReady;
    private PassThread thread;

    /** @param onReady told the queues that got ready instances, to wake their claims */
    public Schedules(
            ScheduleStore store,
            Coordination coordination,
            InstantSource clock,
            TaskResolver resolver,
            Consumer<Set<String>> onReady) {
        this.store = store;
        this.coordination = coordination;
        this.clock = clock;
        this.resolver = resolver;
        this.onReady = onReady;
    }

    @Override
    public String name() {
        return "schedules";
    }

    @Override
    public void start(Duration cap) {
        thread = new PassThread("tide-schedules", () -> pass(cap), cap.toMillis());
        thread.start();
    }

    // --- administration ------------------------------------------------------------------------------------------

    public ScheduleInfo define(Schedule schedule) {
        if (schedule == null) {
            throw new InvalidRequestException("schedule", "is required");
        }
        InputRanges.DELAY.check("misfireGrace", schedule.misfireGrace());
        InputRanges.DELAY.check("window", schedule.window());
        InputRanges.DELAY.check("expireAfter", schedule.expireAfter());
        Instant now = clock.instant();
        Instant next = nextAfter(schedule, now);
        // The template must make a valid task; checked now rather than at every firing.
        resolver.resolve(instance(schedule, next), "task.", null, null, now);
        ScheduleInfo info = store.scheduleUpsert(schedule, next, now);
        nudge();
        return info;
    }

    public List<ScheduleInfo> list() {
        return store.scheduleList();
    }

    public ScheduleInfo get(String name) {
        return store.scheduleGet(TaskType.requireName("name", name))
                .orElseThrow(() -> new NotFoundException("schedule " + name));
    }

    public List<Instant> firings(String name, int count) {
        if (count < 1 || count > MAX_UPCOMING) {
            throw new InvalidRequestException("count", "must be between 1 and " + MAX_UPCOMING);
        }
        ScheduleInfo info = get(name);
        CronTimes times =
                CronTimes.parse(info.schedule().cron(), info.schedule().zone());
        if (info.paused() || info.nextFireAt() == null) {
            return times.upcoming(clock.instant(), count);
        }
        List<Instant> out = new ArrayList<>(count);
        out.add(info.nextFireAt());
        out.addAll(times.upcoming(info.nextFireAt(), count - 1));
        return out;
    }

    public ScheduleInfo pause(String name) {
        Instant now = clock.instant();
        return store.schedulePause(TaskType.requireName("name", name), true, null, now)
                .orElseThrow(() -> new NotFoundException("schedule " + name));
    }

    public ScheduleInfo resume(String name) {
        Schedule schedule = get(name).schedule();
        Instant now = clock.instant();
        ScheduleInfo info = store.schedulePause(name, false, nextAfter(schedule, now), now)
                .orElseThrow(() -> new NotFoundException("schedule " + name));
        nudge();
        return info;
    }

    public void delete(String name) {
        if (!store.scheduleDelete(TaskType.requireName("name", name), clock.instant())) {
            throw new NotFoundException("schedule " + name);
        }
    }

    // --- firing --------------------------------------------------------------------------------------------------

    /** One pass if this node leads maintenance; returns how many instances it enqueued. */
    public int runOnce() {
        return coordination.leaderTryAcquire() ? fireDue() : 0;
    }

    /**
     * Fires every due schedule at the clock's time, whether or not this node leads: each firing is claimed by a
     * compare-and-set, so a pass that loses the race writes nothing. Returns how many firings this pass claimed (each
     * enqueued one instance).
     */
    public int fireDue() {
        Instant now = clock.instant();
        int fired = 0;
        for (ScheduleInfo due : store.scheduleDue(now, BATCH)) {
            try {
                fired += fire(due, now);
            } catch (RuntimeException e) {
                // A firing that cannot be enqueued (a full queue, say) stays due and is tried again next pass; once
                // it is late beyond its grace, its misfire policy decides.
                log.warn("schedule {} could not fire: {}", due.name(), e.toString());
            }
        }
        return fired;
    }

    private int fire(ScheduleInfo due, Instant now) {
        Schedule schedule = due.schedule();
        CronTimes times = CronTimes.parse(schedule.cron(), schedule.zone());
        FiringPlan plan = FiringPlan.of(times, schedule, due.nextFireAt(), now);
        List<TaskRow> rows = new ArrayList<>(plan.fire().size());
        for (Instant firing : plan.fire()) {
            rows.add(resolver.resolve(instance(schedule, firing), "task.", null, null, now));
        }
        EventRow missed = plan.droppedTo() == null ? null : missedEvent(schedule, due.nextFireAt(), plan, now);
        Optional<InsertBatch> batch = store.scheduleFire(
                new ScheduleFiring(schedule.name(), due.nextFireAt(), plan.next(), plan.fire(), rows, missed));
        if (batch.isEmpty()) {
            return 0;
        }
        if (!batch.get().readyQueues().isEmpty()) {
            onReady.accept(batch.get().readyQueues());
        }
        return rows.size();
    }

    /** The task a firing enqueues: the template, run at the firing, with its window and expiry from there. */
    static NewTask instance(Schedule schedule, Instant firing) {
        NewTask.Builder b = schedule.task().toBuilder().runAt(firing).idempotencyKey(schedule.instanceKey(firing));
        if (schedule.window() != null) {
            b.deadline(InputRanges.plusAtMostLatest(firing, schedule.window()));
        }
        if (schedule.expireAfter() != null) {
            b.expiresAt(InputRanges.plusAtMostLatest(firing, schedule.expireAfter()));
        }
        return b.build();
    }

    private static EventRow missedEvent(Schedule schedule, Instant from, FiringPlan plan, Instant now) {
        Map<String, Object> detail = new LinkedHashMap<>();
        detail.put("schedule", schedule.name());
        detail.put("misfire", schedule.misfire());
        detail.put("from", from);
        detail.put("to", plan.droppedTo());
        String queue = schedule.task().queue() == null
                ? NewTask.DEFAULT_QUEUE
                : schedule.task().queue();
        return new EventRow(now, TideEvent.SCHEDULE_MISSED, null, null, queue, Json.write(detail));
    }

    private static Instant nextAfter(Schedule schedule, Instant now) {
        return CronTimes.parse(schedule.cron(), schedule.zone())
                .next(now)
                .orElseThrow(() -> new InvalidRequestException("cron", "'" + schedule.cron() + "' never fires"));
    }

    /** Wakes the thread (a schedule changed, so its next firing may be sooner than it planned to look). */
    private void nudge() {
        if (thread != null) {
            thread.nudge();
        }
    }

    /** One pass of the thread; answers how long to sleep: until the earliest next firing, at most {@code cap}. */
    private long pass(Duration cap) {
        runOnce();
        return PassThread.millisUntil(clock, store.scheduleNextFireAt(), cap);
    }

    @Override
    public void close() {
        if (thread != null) {
            thread.close();
        }
    }
}
