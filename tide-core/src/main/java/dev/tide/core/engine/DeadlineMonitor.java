package dev.tide.core.engine;

import dev.tide.api.DeadlineListener;
import dev.tide.api.DeadlineNotice;
import dev.tide.api.json.Json;
import dev.tide.core.store.Coordination;
import dev.tide.core.store.DeadlineDue;
import dev.tide.core.store.DeadlineRaise;
import dev.tide.core.store.DeadlineRaised;
import dev.tide.core.store.DeadlineStore;
import dev.tide.core.store.EventRow;
import java.time.Duration;
import java.time.Instant;
import java.time.InstantSource;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Watches the deadlines of unfinished tasks and open jobs in a thread of its own (the smart queue's "own, concurrent
 * activity"), and raises for each an early warning once its deadline is less than the margin away and a violation once
 * it has passed: one of each, ever, across restarts and nodes.
 *
 * <p>Due deadlines come from a partial index ordered by (notice level, deadline), so a pass reads only what is due and
 * never scans the backlog. Each notice is a compare-and-set of the row's level, committed with its event and the job
 * type's alert tasks; only the notices that won are counted and passed to listeners, after the commit. So a second
 * node, or a restart, never repeats a notice; a crash between the commit and the listeners loses the callback and the
 * count, never the event or the alerts. A row found already late that was never warned gets its violation only: a
 * warning after the fact tells nothing. Only the maintenance leader raises notices (always this process on SQLite).
 *
 * <p>The thread sleeps until the next notice falls due (the earliest deadline minus the margin among rows not yet
 * warned, or the earliest deadline among rows warned), at most {@code cap}, and reads time from the engine's clock, so a
 * test that moves the clock sees notices within one cap.
 */
public final class DeadlineMonitor implements BackgroundService {
    private static final Logger log = LoggerFactory.getLogger(DeadlineMonitor.class);
    private static final int BATCH = 500;
    private static final int MAX_BATCHES_PER_PASS = 20;

    private final DeadlineStore deadlines;
    private final Coordination coordination;
    private final InstantSource clock;
    private final TypeRegistry types;
    private final DeadlineAlerts alerts;
    private final DeadlineSettings settings;
    private final DeadlineMeters meters;
    private final Consumer<Set<String>> onAlertsReady;
    private volatile boolean leader;
    private PassThread thread;

    /** @param onAlertsReady told the queues that got alert tasks, to wake their claims */
    public DeadlineMonitor(
            DeadlineStore deadlines,
            Coordination coordination,
            InstantSource clock,
            TypeRegistry types,
            TaskResolver resolver,
            DeadlineSettings settings,
            Consumer<Set<String>> onAlertsReady) {
        this.deadlines = deadlines;
        this.coordination = coordination;
        this.clock = clock;
        this.types = types;
        this.alerts = new DeadlineAlerts(types, resolver);
        this.settings = settings;
        this.meters = new DeadlineMeters(settings.meters());
        this.onAlertsReady = onAlertsReady;
    }

    @Override
    public String name() {
        return "deadline monitor";
    }

    @Override
    public void start(Duration cap) {
        thread = new PassThread("tide-deadlines", () -> pass(cap), cap.toMillis());
        thread.start();
    }

    /** One pass, if this node leads maintenance: raises every notice due now; returns how many this node raised. */
    public int runOnce() {
        leader = coordination.leaderTryAcquire();
        if (!leader) {
            return 0;
        }
        Instant now = clock.instant();
        // Rows never warned first: those already late get their violation here, and leave both ranges.
        Instant warnUntil = now.plus(settings.margin());
        int raised = raise(DeadlineDue.NONE, warnUntil, now, true) + raise(DeadlineDue.NONE, warnUntil, now, false);
        return raised + raise(DeadlineDue.WARNED, now, now, true) + raise(DeadlineDue.WARNED, now, now, false);
    }

    private int raise(int level, Instant until, Instant now, boolean tasks) {
        int raised = 0;
        for (int i = 0; i < MAX_BATCHES_PER_PASS; i++) {
            List<DeadlineDue> due = tasks
                    ? deadlines.taskDeadlineDue(level, until, BATCH)
                    : deadlines.jobDeadlineDue(level, until, BATCH);
            if (due.isEmpty()) {
                break;
            }
            List<DeadlineRaise> raises = new ArrayList<>(due.size());
            for (DeadlineDue row : due) {
                raises.add(raiseFor(row, now));
            }
            DeadlineRaised done = deadlines.deadlineRaise(raises);
            if (!done.readyQueues().isEmpty()) {
                onAlertsReady.accept(done.readyQueues());
            }
            done.notices().forEach(this::announce);
            raised += done.notices().size();
            if (due.size() < BATCH) {
                break;
            }
        }
        return raised;
    }

    private DeadlineRaise raiseFor(DeadlineDue row, Instant now) {
        DeadlineNotice.Kind kind =
                row.deadline().isAfter(now) ? DeadlineNotice.Kind.WARNING : DeadlineNotice.Kind.VIOLATION;
        DeadlineNotice notice = new DeadlineNotice(
                kind,
                row.taskId(),
                row.jobId(),
                row.type(),
                row.queue(),
                row.owner() == null ? "" : row.owner(),
                row.deadline(),
                now);
        EventRow event =
                new EventRow(now, notice.eventKind(), row.taskId(), row.jobId(), row.queue(), Json.write(notice));
        return new DeadlineRaise(notice, row.raised(), event, alerts.tasksFor(notice, row.jobType(), now));
    }

    private void announce(DeadlineNotice notice) {
        meters.count(notice);
        for (DeadlineListener listener : settings.listeners()) {
            try {
                listener.onDeadline(notice);
            } catch (RuntimeException e) {
                log.warn("a deadline listener failed on {}: {}", notice, e.toString());
            }
        }
    }

    /** How long until the next notice falls due, at most {@code cap}. */
    private long millisUntilNext(Duration cap) {
        long sleep = cap.toMillis();
        Instant now = clock.instant();
        Optional<Instant> warning = deadlines.deadlineNext(DeadlineDue.NONE).map(d -> d.minus(settings.margin()));
        Optional<Instant> violation = deadlines.deadlineNext(DeadlineDue.WARNED);
        for (Optional<Instant> due : List.of(warning, violation)) {
            if (due.isPresent()) {
                sleep = Math.min(sleep, Duration.between(now, due.get()).toMillis());
            }
        }
        return Math.max(1, sleep);
    }

    /** Wakes the thread for an early pass. */
    public void nudge() {
        if (thread != null) {
            thread.nudge();
        }
    }

    private long pass(Duration cap) {
        types.refreshIfStale();
        runOnce();
        return leader ? millisUntilNext(cap) : cap.toMillis();
    }

    @Override
    public void close() {
        if (thread != null) {
            thread.close();
        }
    }
}
