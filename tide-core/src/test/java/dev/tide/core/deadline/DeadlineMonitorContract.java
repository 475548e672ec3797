package dev.tide.core.deadline;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tide.api.Ack;
import dev.tide.api.ClaimRequest;
import dev.tide.api.DeadlineAlert;
import dev.tide.api.DeadlineNotice;
import dev.tide.api.EventQuery;
import dev.tide.api.JobType;
import dev.tide.api.LeasedTask;
import dev.tide.api.NewJob;
import dev.tide.api.NewTask;
import dev.tide.api.TaskInfo;
import dev.tide.api.TaskQuery;
import dev.tide.api.TideEvent;
import dev.tide.core.Tide;
import dev.tide.core.TideBuilder;
import dev.tide.core.TideConfig;
import dev.tide.core.time.ManualClock;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The deadline monitor on a real store: one warning a margin (10 minutes here) before each unfinished task's or open
 * job's deadline, one violation once it passes, never again after a restart, none for what finished in time; each with
 * its event, its count, its listener call and the job type's alerts. The clock is moved by hand and the monitor run by
 * hand, except where its thread is the point.
 */
public abstract class DeadlineMonitorContract {
    protected static final Instant T0 = Instant.parse("2030-01-07T09:00:00Z");
    protected static final Duration MARGIN = Duration.ofMinutes(10);

    protected final ManualClock clock = new ManualClock(T0);
    protected final List<DeadlineNotice> heard = new CopyOnWriteArrayList<>();
    protected SimpleMeterRegistry meters = new SimpleMeterRegistry();
    private final List<Tide> opened = new CopyOnWriteArrayList<>();

    /** A builder on this test's storage: every call gives an engine on the same database. */
    protected abstract TideBuilder storage();

    /** An engine with maintenance off (the test runs the monitor), listening into {@link #heard}. */
    protected Tide open() {
        return open(TideConfig.defaults().withMaintenanceInterval(null));
    }

    protected Tide open(TideConfig config) {
        Tide tide = storage()
                .clock(clock)
                .config(config)
                .deadlineMargin(MARGIN)
                .deadlineListener(heard::add)
                .meterRegistry(meters)
                .build();
        opened.add(tide);
        return tide;
    }

    @AfterEach
    void closeEngines() {
        opened.forEach(Tide::close);
    }

    protected static NewTask dueIn(Duration d) {
        return dueIn(d, "default");
    }

    protected static NewTask dueIn(Duration d, String queue) {
        return NewTask.builder("email").queue(queue).deadline(T0.plus(d)).build();
    }

    protected double count(String meter, String queue) {
        var counter = meters.find(meter).tag("queue", queue).counter();
        return counter == null ? 0 : counter.count();
    }

    @Test
    void aTaskIsWarnedOnceAMarginBeforeItsDeadlineAndViolatedOnceWhenItPasses() {
        Tide tide = open();
        long id = tide.enqueue(dueIn(Duration.ofHours(1), "mail")).id();
        tide.enqueue(NewTask.of("no-deadline", Map.of()));

        clock.set(T0.plus(Duration.ofMinutes(49)));
        assertThat(tide.passes().runDeadlineMonitor())
                .as("eleven minutes before")
                .isZero();

        clock.set(T0.plus(Duration.ofMinutes(50)));
        assertThat(tide.passes().runDeadlineMonitor()).as("at the margin").isEqualTo(1);
        assertThat(tide.passes().runDeadlineMonitor()).as("once").isZero();
        clock.set(T0.plus(Duration.ofMinutes(59)));
        assertThat(tide.passes().runDeadlineMonitor()).isZero();

        clock.set(T0.plus(Duration.ofHours(1)));
        assertThat(tide.passes().runDeadlineMonitor()).as("at the deadline").isEqualTo(1);
        clock.set(T0.plus(Duration.ofHours(5)));
        assertThat(tide.passes().runDeadlineMonitor()).as("once").isZero();

        assertThat(heard)
                .extracting(DeadlineNotice::kind)
                .containsExactly(DeadlineNotice.Kind.WARNING, DeadlineNotice.Kind.VIOLATION);
        DeadlineNotice warning = heard.get(0);
        assertThat(warning.taskId()).isEqualTo(id);
        assertThat(warning.jobId()).isNull();
        assertThat(warning.type()).isEqualTo("email");
        assertThat(warning.queue()).isEqualTo("mail");
        assertThat(warning.deadline()).isEqualTo(T0.plus(Duration.ofHours(1)));
        assertThat(warning.raisedAt()).isEqualTo(T0.plus(Duration.ofMinutes(50)));
        assertThat(heard.get(1).raisedAt()).isEqualTo(T0.plus(Duration.ofHours(1)));

        List<TideEvent> events = tide.monitoring().events(EventQuery.recent());
        assertThat(events).extracting(TideEvent::kind).containsExactly("deadline.violation", "deadline.warning");
        assertThat(events).allSatisfy(e -> {
            assertThat(e.taskId()).isEqualTo(id);
            assertThat(e.queue()).isEqualTo("mail");
        });
        assertThat(events.get(1).at()).isEqualTo(T0.plus(Duration.ofMinutes(50)));
        assertThat(events.get(1).detail()).contains("\"kind\":\"warning\"").contains("\"taskId\":" + id);
        assertThat(tide.monitoring().events(EventQuery.recent().withKind("deadline.warning")))
                .singleElement()
                .extracting(TideEvent::id)
                .isEqualTo(events.get(1).id());
        assertThat(tide.monitoring()
                        .events(EventQuery.recent().withBefore(events.get(0).id())))
                .extracting(TideEvent::kind)
                .containsExactly("deadline.warning");

        assertThat(count("tide.deadline.warnings", "mail")).isEqualTo(1);
        assertThat(count("tide.deadline.violations", "mail")).isEqualTo(1);
    }

    @Test
    void aTaskFoundLateBeforeItsWarningGetsItsViolationOnly() {
        Tide tide = open();
        tide.enqueue(dueIn(Duration.ofHours(1)));

        clock.set(T0.plus(Duration.ofHours(2)));
        assertThat(tide.passes().runDeadlineMonitor()).isEqualTo(1);
        assertThat(tide.passes().runDeadlineMonitor()).isZero();

        assertThat(heard).extracting(DeadlineNotice::kind).containsExactly(DeadlineNotice.Kind.VIOLATION);
        assertThat(count("tide.deadline.warnings", "default")).isZero();
    }

    @Test
    void aTaskFinishedBeforeItsDeadlineRaisesNothingMore() {
        Tide tide = open();
        tide.enqueue(dueIn(Duration.ofHours(1)));
        tide.enqueue(dueIn(Duration.ofHours(1)));

        List<LeasedTask> first = tide.claim(ClaimRequest.of("default", "w", 1));
        tide.ack(Ack.succeed(first.get(0).lease()));
        clock.set(T0.plus(Duration.ofMinutes(55)));
        assertThat(tide.passes().runDeadlineMonitor())
                .as("the unfinished one's warning")
                .isEqualTo(1);

        List<LeasedTask> second = tide.claim(ClaimRequest.of("default", "w", 1));
        tide.ack(Ack.succeed(second.get(0).lease()));
        clock.set(T0.plus(Duration.ofHours(3)));
        assertThat(tide.passes().runDeadlineMonitor())
                .as("finished after its warning, before its deadline")
                .isZero();

        assertThat(heard).singleElement().satisfies(n -> {
            assertThat(n.kind()).isEqualTo(DeadlineNotice.Kind.WARNING);
            assertThat(n.taskId()).isEqualTo(second.get(0).task().id());
        });
    }

    @Test
    void aRestartedEngineDoesNotRepeatWhatWasRaised() {
        Tide first = open();
        first.enqueue(dueIn(Duration.ofHours(1)));
        clock.set(T0.plus(Duration.ofMinutes(55)));
        assertThat(first.passes().runDeadlineMonitor()).isEqualTo(1);
        first.close();

        Tide second = open();
        assertThat(second.passes().runDeadlineMonitor())
                .as("the warning is remembered")
                .isZero();
        clock.set(T0.plus(Duration.ofHours(2)));
        assertThat(second.passes().runDeadlineMonitor()).isEqualTo(1);
        second.close();

        Tide third = open();
        assertThat(third.passes().runDeadlineMonitor())
                .as("so is the violation")
                .isZero();
        assertThat(heard)
                .extracting(DeadlineNotice::kind)
                .containsExactly(DeadlineNotice.Kind.WARNING, DeadlineNotice.Kind.VIOLATION);
        assertThat(third.monitoring().events(EventQuery.recent())).hasSize(2);
    }

    @Test
    void jobsAlertTheJobTypesAlertUsers() {
        Tide tide = open();
        tide.defineJobType(JobType.named("mailing").withAlerts("page", List.of("ops", "boss")));
        long jobId = tide.createJob(NewJob.builder("mailing")
                        .owner("teacher")
                        .deadline(T0.plus(Duration.ofHours(1)))
                        .task(dueIn(Duration.ofHours(2)))
                        .build())
                .job()
                .id();
        long taskId = tide.tasks(TaskQuery.all().withJob(jobId)).items().get(0).id();

        clock.set(T0.plus(Duration.ofMinutes(55)));
        assertThat(tide.passes().runDeadlineMonitor()).as("the job's warning").isEqualTo(1);
        assertThat(alerts(tide)).hasSize(2).allSatisfy(a -> {
            assertThat(a.event()).isEqualTo("deadline.warning");
            assertThat(a.notice().aboutJob()).isTrue();
            assertThat(a.notice().jobId()).isEqualTo(jobId);
            assertThat(a.notice().type()).isEqualTo("mailing");
            assertThat(a.notice().owner()).isEqualTo("teacher");
        });
        assertThat(tide.tasks(TaskQuery.all().withType("page")).items())
                .extracting(TaskInfo::owner)
                .containsExactlyInAnyOrder("ops", "boss");

        clock.set(T0.plus(Duration.ofMinutes(115)));
        assertThat(tide.passes().runDeadlineMonitor())
                .as("the job's violation and the task's warning")
                .isEqualTo(2);
        assertThat(alerts(tide))
                .as("a task's notices are events, counts and listener calls; only its job's page anyone")
                .hasSize(4)
                .allSatisfy(a -> assertThat(a.notice().aboutJob()).isTrue());
        assertThat(alerts(tide))
                .filteredOn(a -> a.event().equals("deadline.violation"))
                .hasSize(2);
        assertThat(alerts(tide)).extracting(DeadlineAlert::recipient).containsOnly("ops", "boss");

        assertThat(count("tide.deadline.warnings", "-"))
                .as("jobs have no queue")
                .isEqualTo(1);
        assertThat(count("tide.deadline.violations", "-")).isEqualTo(1);
        assertThat(count("tide.deadline.warnings", "default")).isEqualTo(1);
        assertThat(tide.monitoring().events(EventQuery.recent()))
                .filteredOn(e -> e.kind().startsWith("deadline.") && e.taskId() == null)
                .extracting(TideEvent::jobId)
                .containsOnly(jobId);
    }

    @Test
    void aJobThatEndedInTimeRaisesNothing() {
        Tide tide = open();
        tide.defineJobType(JobType.named("mailing").withAlerts("page", List.of("ops")));
        tide.createJob(NewJob.builder("mailing")
                .deadline(T0.plus(Duration.ofHours(1)))
                .task(NewTask.of("email", Map.of()))
                .build());
        LeasedTask task = tide.claim(ClaimRequest.of("default", "w", 1)).get(0);
        tide.ack(Ack.succeed(task.lease()));

        clock.set(T0.plus(Duration.ofHours(2)));
        assertThat(tide.passes().runDeadlineMonitor()).isZero();
        assertThat(heard).isEmpty();
        assertThat(tide.monitoring().events(EventQuery.recent()))
                .as("the job's type defined and its end, no notice")
                .extracting(TideEvent::kind)
                .containsExactly(TideEvent.JOB_FINISHED, TideEvent.JOB_TYPE_DEFINED);
        assertThat(tide.tasks(TaskQuery.all().withType("page")).items())
                .as("only the alert of the job's end")
                .singleElement()
                .satisfies(t -> assertThat(t.payload()).contains("\"event\":\"job.finished\""));
    }

    @Test
    void eventsAreKeptForTheEventRetention() {
        Tide tide = open(TideConfig.defaults().withMaintenanceInterval(null).withEventRetention(Duration.ofDays(7)));
        tide.enqueue(dueIn(Duration.ofHours(1)));
        clock.set(T0.plus(Duration.ofHours(2)));
        tide.passes().runDeadlineMonitor();
        tide.enqueue(dueIn(Duration.ofDays(7).plusHours(3)));

        clock.set(T0.plus(Duration.ofDays(7).plusHours(3)));
        tide.passes().runDeadlineMonitor();
        tide.passes().runMaintenance();

        assertThat(tide.monitoring().events(EventQuery.recent()))
                .as("the first violation is more than 7 days old")
                .singleElement()
                .satisfies(e ->
                        assertThat(e.at()).isEqualTo(T0.plus(Duration.ofDays(7).plusHours(3))));
    }

    @Test
    void theMonitorsThreadRaisesNoticesAsTheClockMoves() throws InterruptedException {
        Tide tide = open(TideConfig.defaults().withMaintenanceInterval(Duration.ofMillis(20)));
        tide.enqueue(dueIn(Duration.ofHours(1)));

        clock.set(T0.plus(Duration.ofMinutes(51)));
        awaitHeard(1);
        clock.set(T0.plus(Duration.ofHours(1)));
        awaitHeard(2);
        Thread.sleep(200);
        assertThat(heard)
                .extracting(DeadlineNotice::kind)
                .containsExactly(DeadlineNotice.Kind.WARNING, DeadlineNotice.Kind.VIOLATION);
    }

    protected void awaitHeard(int n) throws InterruptedException {
        long until = System.nanoTime() + Duration.ofSeconds(10).toNanos();
        while (heard.size() < n && System.nanoTime() < until) {
            Thread.sleep(10);
        }
        assertThat(heard).as("notices heard").hasSizeGreaterThanOrEqualTo(n);
    }

    private static List<DeadlineAlert> alerts(Tide tide) {
        return tide.tasks(TaskQuery.all().withType("page")).items().stream()
                .map(t -> t.payloadAs(DeadlineAlert.class))
                .toList();
    }
}
