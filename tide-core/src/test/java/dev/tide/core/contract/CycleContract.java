package dev.tide.core.contract;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tide.api.ClaimRequest;
import dev.tide.api.LeasedTask;
import dev.tide.api.NewTask;
import dev.tide.api.Outcome;
import dev.tide.api.Profile;
import dev.tide.api.ProfileEntry;
import dev.tide.api.ProfileLimits;
import dev.tide.api.TaskInfo;
import dev.tide.api.TaskQuery;
import dev.tide.api.TaskState;
import dev.tide.api.worker.RunNow;
import dev.tide.api.worker.TaskFailure;
import dev.tide.api.worker.TaskHandler;
import dev.tide.core.Tide;
import dev.tide.core.cycle.CycleReport;
import dev.tide.core.cycle.CycleScheduler;
import dev.tide.core.cycle.QueueClient;
import dev.tide.core.cycle.StopReason;
import java.time.DayOfWeek;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalTime;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * Processing cycles on a real store with a manual clock: where one cycle stops (drained, session budget, hourly limit,
 * time limit, task limit) and what it reports as left; the built-in scheduler over a simulated day (one cycle per
 * period, a profile honoured hour by hour as counted from the store, no overlap, no replay of missed periods).
 */
public abstract class CycleContract extends ManualQueueContract {
    private final AtomicInteger handled = new AtomicInteger();
    private final TaskHandler counting = ctx -> handled.incrementAndGet();

    private Tide engine() {
        return fixture.engine();
    }

    private void enqueue(String type, int n) {
        List<NewTask> tasks = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            tasks.add(NewTask.builder(type).payload(i).build());
        }
        queue.enqueueAll(tasks);
    }

    private void define(String type, ProfileLimits otherwise, ProfileEntry... entries) {
        queue.profiles().define(Profile.forTaskType(type, ZoneOffset.UTC, List.of(entries), otherwise));
    }

    private QueueClient.Builder mailer() {
        return QueueClient.builder("mailer").handler("email", counting).claimBatch(2);
    }

    private CycleReport cycle(QueueClient client) {
        return engine().cycles().runOnce(client);
    }

    @Test
    void aCycleDrainsWhatIsReadyAndSaysWhenMoreIsDue() {
        enqueue("email", 5);
        queue.enqueue(NewTask.builder("email").delay(Duration.ofHours(2)).build());

        CycleReport report = cycle(mailer().build());

        assertThat(report.claimed()).isEqualTo(5);
        assertThat(report.succeeded()).isEqualTo(5);
        assertThat(handled).hasValue(5);
        assertThat(report.stoppedBecause()).isEqualTo(StopReason.DRAINED);
        assertThat(report.workRemains()).isFalse();
        assertThat(report.nextDueAt()).as("the scheduled task's run-at").isEqualTo(T0.plus(Duration.ofHours(2)));
        assertThat(queue.monitoring().status().queues().get(0).succeeded()).isEqualTo(5);
    }

    @Test
    void aCycleWithNothingWaitingIsDueNever() {
        CycleReport report = cycle(mailer().build());

        assertThat(report.claimed()).isZero();
        assertThat(report.stoppedBecause()).isEqualTo(StopReason.DRAINED);
        assertThat(report.nextDueAt()).isNull();
    }

    @Test
    void aCycleStopsAtItsProfilesSessionBudget() {
        define("email", ProfileLimits.perHour(100).withMaxPerSession(3));
        enqueue("email", 10);

        CycleReport first = cycle(mailer().build());
        assertThat(first.claimed()).as("two claims of one session: 2, then 1").isEqualTo(3);
        assertThat(first.unitsUsed()).isEqualTo(3);
        assertThat(first.stoppedBecause()).isEqualTo(StopReason.SESSION_BUDGET);
        assertThat(first.readyRemaining()).isEqualTo(7);
        assertThat(first.nextDueAt()).as("due again at once").isEqualTo(T0);

        CycleReport second = cycle(mailer().build());
        assertThat(second.claimed()).as("each cycle is a session of its own").isEqualTo(3);
        assertThat(second.session()).isNotEqualTo(first.session());
    }

    @Test
    void aCycleStopsAtTheHourlyLimitAndIsDueAgainNextHour() {
        define("email", ProfileLimits.perHour(4));
        enqueue("email", 10);
        clock.advance(Duration.ofMinutes(20));

        CycleReport report = cycle(mailer().build());

        assertThat(report.claimed()).isEqualTo(4);
        assertThat(report.stoppedBecause()).isEqualTo(StopReason.HOURLY_LIMIT);
        assertThat(report.readyRemaining()).isEqualTo(6);
        assertThat(report.nextDueAt()).isEqualTo(T0.plus(Duration.ofHours(1)));
        assertThat(cycle(mailer().build()).claimed()).isZero();
    }

    @Test
    void aHandlerIsToldItsBudgetAndGivesBackWhatItDidNotUse() {
        define("read-file", ProfileLimits.perHour(6));
        queue.enqueue(NewTask.builder("read-file").units(10).divisible(true).build());
        List<Integer> budgets = new ArrayList<>();
        QueueClient reader = QueueClient.builder("reader")
                .handler("read-file", ctx -> {
                    budgets.add(ctx.budget());
                    ctx.used(4); // the file had 4 lines left
                })
                .build();

        CycleReport report = cycle(reader);

        assertThat(budgets).containsExactly(6);
        assertThat(report.unitsUsed()).isEqualTo(4);
        assertThat(queue.profiles().status().get(0).usedThisHour()).isEqualTo(4);
    }

    @Test
    void unprofiledTasksFlowWhileAProfileIsSpent() {
        define("email", ProfileLimits.perHour(1));
        enqueue("email", 3);
        enqueue("report", 2);

        CycleReport report = cycle(mailer().handler("report", counting).build());

        assertThat(report.claimed()).isEqualTo(3);
        assertThat(report.stoppedBecause()).isEqualTo(StopReason.HOURLY_LIMIT);
        assertThat(report.readyRemaining()).isEqualTo(2);
    }

    @Test
    void aCycleStartsNoTaskAfterItsTimeLimitAndGivesTheRestBack() {
        enqueue("email", 10);
        QueueClient slow = QueueClient.builder("mailer")
                .handler("email", ctx -> clock.advance(Duration.ofMinutes(4)))
                .claimBatch(5)
                .maxDuration(Duration.ofMinutes(10))
                .build();

        CycleReport report = cycle(slow);

        assertThat(report.stoppedBecause()).isEqualTo(StopReason.TIME_LIMIT);
        assertThat(report.claimed()).isEqualTo(5);
        assertThat(report.succeeded()).as("started at 0, 4 and 8 minutes").isEqualTo(3);
        assertThat(report.released()).isEqualTo(2);
        assertThat(report.readyRemaining()).isEqualTo(7);
        assertThat(report.workRemains()).isTrue();
        List<TaskInfo> ready =
                queue.tasks(TaskQuery.all().withState(TaskState.READY)).items();
        assertThat(ready).hasSize(7).allSatisfy(t -> assertThat(t.attempts()).isZero());
    }

    @Test
    void aCycleStopsAtItsTaskLimit() {
        enqueue("email", 10);

        CycleReport report = cycle(mailer().claimBatch(3).maxTasks(4).build());

        assertThat(report.claimed()).isEqualTo(4);
        assertThat(report.stoppedBecause()).isEqualTo(StopReason.TASK_LIMIT);
        assertThat(report.readyRemaining()).isEqualTo(6);
    }

    @Test
    void failedAttemptsAreCountedApart() {
        enqueue("email", 2);
        QueueClient failing = QueueClient.builder("mailer")
                .handler("email", ctx -> {
                    if (ctx.payload(Integer.class) == 0) {
                        throw new TaskFailure("bad address");
                    }
                })
                .build();

        CycleReport report = cycle(failing);

        assertThat(report.succeeded()).isEqualTo(1);
        assertThat(report.failed()).isEqualTo(1);
        assertThat(queue.monitoring().status().queues().get(0).failed()).isEqualTo(1);
    }

    @Test
    void theSchedulerRunsOneCyclePerPeriodOverADayHonouringTheProfile() {
        Instant midnight = Instant.parse("2026-01-05T00:00:00Z"); // a Monday
        clock.set(midnight);
        define(
                "email",
                ProfileLimits.perHour(20).withMaxPerSession(4),
                ProfileEntry.of(
                        "office",
                        EnumSet.range(DayOfWeek.MONDAY, DayOfWeek.FRIDAY),
                        LocalTime.of(9, 0),
                        LocalTime.of(17, 0),
                        ProfileLimits.perHour(5).withMaxPerSession(4)));
        enqueue("email", 400);
        CycleScheduler.ScheduledClient scheduled = engine().cycles()
                .schedule(mailer().claimBatch(10).every(Duration.ofMinutes(10)).build());

        int cycles = 0;
        for (int minute = 0; minute < 24 * 60; minute++) {
            clock.set(midnight.plus(Duration.ofMinutes(minute)));
            List<CycleReport> ran = engine().cycles().runDue();
            assertThat(ran).hasSize(minute % 10 == 0 ? 1 : 0);
            cycles += ran.size();
        }

        assertThat(cycles).isEqualTo(144);
        assertThat(scheduled.cyclesRun()).isEqualTo(144);
        Map<Instant, Integer> perHour = succeededPerHour();
        for (int hour = 0; hour < 24; hour++) {
            Instant start = midnight.plus(Duration.ofHours(hour));
            int expected = hour >= 9 && hour < 17 ? 5 : 20; // off hours: 6 cycles of 4 reach the 20 an hour
            assertThat(perHour.getOrDefault(start, 0)).as("hour %d", hour).isEqualTo(expected);
        }
    }

    private Map<Instant, Integer> succeededPerHour() {
        Map<Instant, Integer> perHour = new TreeMap<>();
        TaskQuery query = TaskQuery.all().withOutcome(Outcome.SUCCEEDED).withLimit(TaskQuery.MAX_LIMIT);
        String cursor = null;
        do {
            var page = queue.tasks(query.withCursor(cursor));
            for (TaskInfo task : page.items()) {
                perHour.merge(task.finishedAt().truncatedTo(ChronoUnit.HOURS), 1, Integer::sum);
            }
            cursor = page.nextCursor();
        } while (cursor != null);
        return perHour;
    }

    @Test
    void aMissedPeriodIsNotReplayed() {
        enqueue("email", 3);
        CycleScheduler.ScheduledClient scheduled = engine().cycles()
                .schedule(mailer().every(Duration.ofMinutes(10)).build());
        assertThat(scheduled.nextDueAt()).as("T0 is a multiple of ten minutes").isEqualTo(T0);

        clock.advance(Duration.ofMinutes(65));
        assertThat(engine().cycles().runDue()).hasSize(1);
        assertThat(engine().cycles().runDue()).isEmpty();
        assertThat(scheduled.nextDueAt()).isEqualTo(T0.plus(Duration.ofMinutes(70)));
    }

    @Test
    void twoCyclesOfOneClientNeverOverlap() throws Exception {
        enqueue("email", 3);
        CountDownLatch inside = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        AtomicInteger running = new AtomicInteger();
        AtomicInteger mostAtOnce = new AtomicInteger();
        QueueClient blocking = QueueClient.builder("mailer")
                .every(Duration.ofMinutes(1))
                .claimBatch(1)
                .maxDuration(Duration.ofHours(1))
                .handler("email", ctx -> {
                    mostAtOnce.accumulateAndGet(running.incrementAndGet(), Math::max);
                    inside.countDown();
                    release.await(10, TimeUnit.SECONDS);
                    running.decrementAndGet();
                })
                .build();
        CycleScheduler.ScheduledClient scheduled = engine().cycles().schedule(blocking);

        Thread first = Thread.ofPlatform().start(() -> engine().cycles().runDue());
        assertThat(inside.await(10, TimeUnit.SECONDS)).isTrue();
        assertThat(scheduled.running()).isTrue();
        clock.advance(Duration.ofMinutes(5));
        assertThat(engine().cycles().runDue())
                .as("its cycle is still under way")
                .isEmpty();
        release.countDown();
        first.join(10_000);

        assertThat(scheduled.running()).isFalse();
        assertThat(engine().cycles().runDue()).as("due since, run once").hasSize(1);
        assertThat(mostAtOnce).hasValue(1);
        assertThat(scheduled.cyclesRun()).isEqualTo(2);
    }

    @Test
    void aHandlerThatAcknowledgesInItsOwnTransactionIsCountedOnceAsSucceeded() {
        // TaskContext.acknowledgeThrough: the cycle must not send a second acknowledgement, which would find the lease
        // gone and count a task that succeeded as failed
        TaskHandler ownTransaction = ctx -> engine().transaction((connection, joined) -> {
            ctx.result(Map.of("acknowledged", "by the handler"));
            return ctx.acknowledgeThrough(joined);
        });
        enqueue("email", 3);

        CycleReport report = cycle(
                QueueClient.builder("mailer").handler("email", ownTransaction).build());

        assertThat(report.succeeded()).isEqualTo(3);
        assertThat(report.failed()).isZero();
        assertThat(queue.tasks(TaskQuery.all()).items())
                .extracting(TaskInfo::outcome)
                .containsOnly(Outcome.SUCCEEDED);

        var ranHere = RunNow.runNowOrEnqueue(engine(), NewTask.of("email", 4), ownTransaction);
        assertThat(ranHere.result().accepted()).isTrue();
        assertThat(ranHere.result().outcome()).isEqualTo(Outcome.SUCCEEDED);
        assertThat(queue.task(ranHere.taskId()).result()).contains("by the handler");
    }

    // --- a task run at once in its caller -------------------------------------------------------------------------

    @Test
    void aTaskRunsInTheCallerWhenItsProfileHasRoomAndIsQueuedOtherwise() {
        define("enroll", ProfileLimits.perHour(3));
        List<Long> ranHere = new ArrayList<>();
        TaskHandler here = ctx -> ranHere.add(ctx.task().id());

        var first = RunNow.runNowOrEnqueue(engine(), NewTask.of("enroll", 1), here);
        assertThat(first.ranInCaller()).isTrue();
        assertThat(first.result().outcome()).isEqualTo(Outcome.SUCCEEDED);
        assertThat(queue.task(first.taskId()).outcome()).isEqualTo(Outcome.SUCCEEDED);
        assertThat(ranHere).containsExactly(first.taskId());

        enqueue("enroll", 3);
        List<LeasedTask> claimed = queue.claim(ClaimRequest.of("default", "w", 10));
        assertThat(claimed)
                .as("one run in the caller and two claims fill the hour")
                .hasSize(2);
        queue.ackAll(claimed.stream().map(t -> t.ack().succeed()).toList());

        var second = RunNow.runNowOrEnqueue(engine(), NewTask.of("enroll", 2), here);
        assertThat(second.ranInCaller()).isFalse();
        assertThat(queue.task(second.taskId()).state()).isEqualTo(TaskState.READY);
        assertThat(ranHere).hasSize(1);
        assertThat(queue.profiles().status().get(0).usedThisHour()).isEqualTo(3);

        clock.advance(Duration.ofHours(1));
        assertThat(queue.claim(ClaimRequest.of("default", "w", 10)))
                .as("the queued ones run next hour")
                .hasSize(2);
    }

    @Test
    void aTaskWithoutAProfileRunsInTheCallerAndATaskForLaterIsQueued() {
        var now = RunNow.runNowOrEnqueue(engine(), NewTask.of("enroll", 1), counting);
        var later = RunNow.runNowOrEnqueue(
                engine(), NewTask.builder("enroll").delay(Duration.ofMinutes(5)).build(), counting);

        assertThat(now.ranInCaller()).isTrue();
        assertThat(later.ranInCaller()).isFalse();
        assertThat(queue.task(later.taskId()).state()).isEqualTo(TaskState.SCHEDULED);
        assertThat(handled).hasValue(1);
    }

    @Test
    void aSuspendedQueueDoesNotRunTasksInTheCaller() {
        queue.queues().suspend("default");

        var result = RunNow.runNowOrEnqueue(engine(), NewTask.of("enroll", 1), counting);

        assertThat(result.ranInCaller()).isFalse();
        assertThat(queue.task(result.taskId()).state()).isEqualTo(TaskState.READY);
    }

    @Test
    void aCallerThatDiesMidRunLeavesALeasedTaskThatIsRetried() {
        queue.defineTaskType(dev.tide.api.TaskType.named("enroll").withLeaseDuration(Duration.ofMinutes(1)));
        AtomicInteger seenLeased = new AtomicInteger();
        var result = RunNow.runNowOrEnqueue(engine(), NewTask.of("enroll", 1), ctx -> {
            TaskInfo stored = queue.task(ctx.task().id());
            assertThat(stored.state()).isEqualTo(TaskState.LEASED);
            assertThat(stored.leaseOwner()).startsWith("caller-");
            seenLeased.incrementAndGet();
            // The caller's process is gone as far as the queue can tell: its lease runs out and maintenance reclaims
            // it.
            clock.advance(Duration.ofMinutes(2));
            fixture.maintenance();
        });

        assertThat(seenLeased).hasValue(1);
        assertThat(result.ranInCaller()).isTrue();
        assertThat(result.result().accepted())
                .as("the lease was lost before the ack")
                .isFalse();
        List<LeasedTask> retried = queue.claim(ClaimRequest.of("default", "w", 1));
        assertThat(retried).extracting(LeasedTask::id).containsExactly(result.taskId());
        assertThat(retried.get(0).task().attempts()).isEqualTo(2);
    }
}
