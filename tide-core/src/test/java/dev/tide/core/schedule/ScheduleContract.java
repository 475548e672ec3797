package dev.tide.core.schedule;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tide.api.EventQuery;
import dev.tide.api.InvalidRequestException;
import dev.tide.api.Misfire;
import dev.tide.api.NewTask;
import dev.tide.api.NotFoundException;
import dev.tide.api.Schedule;
import dev.tide.api.ScheduleInfo;
import dev.tide.api.TaskInfo;
import dev.tide.api.TaskQuery;
import dev.tide.api.TaskState;
import dev.tide.api.TideEvent;
import dev.tide.core.Tide;
import dev.tide.core.TideBuilder;
import dev.tide.core.TideConfig;
import dev.tide.core.time.ManualClock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Recurring schedules on a real store, with the clock moved by hand and the firing pass run by hand: firing times from
 * cron in a zone (across a daylight-saving change), each misfire policy, pause and resume, windows and expiry, the
 * event log, and exactly one instance per firing when two engines on one database fire at once.
 */
public abstract class ScheduleContract {
    protected static final Instant T0 = Instant.parse("2026-01-05T09:00:00Z"); // a Monday
    private static final ZoneId BERLIN = ZoneId.of("Europe/Berlin");

    protected final ManualClock clock = new ManualClock(T0);
    private final List<Tide> opened = new CopyOnWriteArrayList<>();

    /** A builder on this test's storage: every call gives an engine on the same (empty at first) database. */
    protected abstract TideBuilder storage();

    /** An engine with its threads off: the test runs the firing pass. */
    protected Tide open() {
        Tide tide = storage()
                .clock(clock)
                .config(TideConfig.defaults().withMaintenanceInterval(null))
                .build();
        opened.add(tide);
        return tide;
    }

    @AfterEach
    void closeEngines() {
        opened.forEach(Tide::close);
    }

    private static NewTask report() {
        return NewTask.builder("report")
                .queue("reports")
                .owner("ops")
                .priority(3)
                .payload(Map.of("kind", "daily"))
                .build();
    }

    private static List<TaskInfo> tasks(Tide tide) {
        List<TaskInfo> all =
                new ArrayList<>(tide.tasks(TaskQuery.all().withLimit(1000)).items());
        all.sort(Comparator.comparing(TaskInfo::runAt));
        return all;
    }

    private static List<Instant> runAts(Tide tide) {
        return tasks(tide).stream().map(TaskInfo::runAt).toList();
    }

    private static Instant at(String text) {
        return Instant.parse(text);
    }

    @Test
    void eachFiringInTheZoneEnqueuesTheTemplateOnce() {
        Tide tide = open();
        ScheduleInfo defined = tide.schedules()
                .define(Schedule.of("daily-report", "0 9 * * *", report()).withZone(BERLIN));
        assertThat(defined.nextFireAt()).isEqualTo(at("2026-01-06T08:00:00Z"));
        assertThat(defined.paused()).isFalse();
        assertThat(defined.schedule().misfire()).isEqualTo(Misfire.ONCE);

        clock.set(at("2026-01-06T07:59:59Z"));
        assertThat(tide.passes().runSchedules()).isZero();
        clock.set(at("2026-01-06T08:00:00Z"));
        assertThat(tide.passes().runSchedules()).isEqualTo(1);
        assertThat(tide.passes().runSchedules()).as("once").isZero();

        TaskInfo task = tasks(tide).get(0);
        assertThat(task.type()).isEqualTo("report");
        assertThat(task.queue()).isEqualTo("reports");
        assertThat(task.owner()).isEqualTo("ops");
        assertThat(task.priority()).isEqualTo(3);
        assertThat(task.payload()).isEqualTo("{\"kind\":\"daily\"}");
        assertThat(task.runAt()).isEqualTo(at("2026-01-06T08:00:00Z"));
        assertThat(task.state()).isEqualTo(TaskState.READY);
        assertThat(task.idempotencyKey()).isEqualTo("schedule:daily-report:2026-01-06T08:00:00Z");

        ScheduleInfo after = tide.schedules().get("daily-report");
        assertThat(after.lastFiredAt()).isEqualTo(at("2026-01-06T08:00:00Z"));
        assertThat(after.lastTaskId()).isEqualTo(task.id());
        assertThat(after.nextFireAt()).isEqualTo(at("2026-01-07T08:00:00Z"));
    }

    @Test
    void firingsFollowTheZoneAcrossSpringForward() {
        clock.set(at("2026-03-27T12:00:00Z"));
        Tide tide = open();
        tide.schedules().define(Schedule.of("night", "30 2 * * *", report()).withZone(BERLIN));
        assertThat(tide.schedules().firings("night", 3))
                .containsExactly(at("2026-03-28T01:30:00Z"), at("2026-03-29T01:30:00Z"), at("2026-03-30T00:30:00Z"));

        for (Instant firing : tide.schedules().firings("night", 3)) {
            clock.set(firing.plusSeconds(5));
            assertThat(tide.passes().runSchedules()).isEqualTo(1);
        }
        assertThat(runAts(tide))
                .containsExactly(at("2026-03-28T01:30:00Z"), at("2026-03-29T01:30:00Z"), at("2026-03-30T00:30:00Z"));
    }

    /** Hourly, defined at 09:00; the engine comes back at 13:30: 10, 11, 12 and 13 o'clock were missed. */
    private Tide missedFourHours(Misfire policy) {
        Tide tide = open();
        tide.schedules().define(Schedule.of("hourly", "0 * * * *", report()).withMisfire(policy, null));
        clock.set(at("2026-01-05T13:30:00Z"));
        return tide;
    }

    private static List<TideEvent> missedEvents(Tide tide) {
        return tide.monitoring().events(EventQuery.recent().withKind(TideEvent.SCHEDULE_MISSED));
    }

    @Test
    void skipFiresNoneOfTheMissedFirings() {
        Tide tide = missedFourHours(Misfire.SKIP);
        assertThat(tide.passes().runSchedules()).isZero();
        assertThat(tasks(tide)).isEmpty();
        assertThat(tide.schedules().get("hourly").nextFireAt()).isEqualTo(at("2026-01-05T14:00:00Z"));
        assertThat(missedEvents(tide))
                .singleElement()
                .satisfies(e -> assertThat(e.detail())
                        .contains("\"schedule\":\"hourly\"", "\"misfire\":\"skip\"")
                        .contains("\"from\":\"2026-01-05T10:00:00Z\"", "\"to\":\"2026-01-05T13:00:00Z\""));

        clock.set(at("2026-01-05T14:00:20Z"));
        assertThat(tide.passes().runSchedules()).as("within the grace").isEqualTo(1);
    }

    @Test
    void onceFiresOneInstanceForTheLatestMissedFiring() {
        Tide tide = missedFourHours(Misfire.ONCE);
        assertThat(tide.passes().runSchedules()).isEqualTo(1);
        assertThat(runAts(tide)).containsExactly(at("2026-01-05T13:00:00Z"));
        assertThat(tide.schedules().get("hourly").nextFireAt()).isEqualTo(at("2026-01-05T14:00:00Z"));
        assertThat(missedEvents(tide))
                .singleElement()
                .satisfies(e -> assertThat(e.detail())
                        .contains("\"from\":\"2026-01-05T10:00:00Z\"", "\"to\":\"2026-01-05T12:00:00Z\""));
    }

    @Test
    void allFiresEveryMissedFiring() {
        Tide tide = missedFourHours(Misfire.ALL);
        assertThat(tide.passes().runSchedules()).isEqualTo(4);
        assertThat(runAts(tide))
                .containsExactly(
                        at("2026-01-05T10:00:00Z"),
                        at("2026-01-05T11:00:00Z"),
                        at("2026-01-05T12:00:00Z"),
                        at("2026-01-05T13:00:00Z"));
        assertThat(missedEvents(tide)).isEmpty();
    }

    @Test
    void allCatchesUpAtMostTheBoundOfTheLatestFirings() {
        Tide tide = open();
        tide.schedules().define(Schedule.of("minutely", "* * * * *", report()).withMisfire(Misfire.ALL, null));
        clock.set(T0.plus(Duration.ofHours(5))); // 300 firings
        assertThat(tide.passes().runSchedules()).isEqualTo(Schedule.MAX_FIRINGS_PER_CATCH_UP);
        List<Instant> fired = runAts(tide);
        assertThat(fired.get(fired.size() - 1)).isEqualTo(T0.plus(Duration.ofHours(5)));
        assertThat(fired.get(0)).isEqualTo(T0.plus(Duration.ofHours(5)).minus(Duration.ofMinutes(99)));
        assertThat(missedEvents(tide))
                .singleElement()
                .satisfies(e -> assertThat(e.detail())
                        .contains("\"from\":\"2026-01-05T09:01:00Z\"", "\"to\":\"2026-01-05T12:20:00Z\""));
    }

    @Test
    void firingsWithinTheGraceAreOnTimeWhateverThePolicy() {
        Tide tide = open();
        tide.schedules()
                .define(Schedule.of("fast", "*/10 * * * * *", report())
                        .withMisfire(Misfire.SKIP, Duration.ofSeconds(30)));
        clock.set(T0.plusSeconds(65)); // 09:00:10 ... 09:01:00; within 30 seconds: 09:00:40, 50 and 09:01:00
        assertThat(tide.passes().runSchedules()).isEqualTo(3);
        assertThat(runAts(tide)).containsExactly(T0.plusSeconds(40), T0.plusSeconds(50), T0.plusSeconds(60));
        assertThat(missedEvents(tide))
                .singleElement()
                .satisfies(e -> assertThat(e.detail())
                        .contains("\"from\":\"2026-01-05T09:00:10Z\"", "\"to\":\"2026-01-05T09:00:30Z\""));
    }

    @Test
    void aPausedScheduleFiresNothingAndResumesFromItsNextFiringAfterNow() {
        Tide tide = open();
        tide.schedules().define(Schedule.of("hourly", "0 * * * *", report()).withMisfire(Misfire.ALL, null));
        ScheduleInfo paused = tide.schedules().pause("hourly");
        assertThat(paused.paused()).isTrue();
        assertThat(paused.nextFireAt()).isEqualTo(at("2026-01-05T10:00:00Z"));

        clock.set(at("2026-01-05T12:30:00Z"));
        assertThat(tide.passes().runSchedules()).isZero();
        ScheduleInfo resumed = tide.schedules().resume("hourly");
        assertThat(resumed.paused()).isFalse();
        assertThat(resumed.nextFireAt())
                .as("firings while paused are not missed")
                .isEqualTo(at("2026-01-05T13:00:00Z"));
        assertThat(tide.passes().runSchedules()).isZero();
        clock.set(at("2026-01-05T13:00:00Z"));
        assertThat(tide.passes().runSchedules()).isEqualTo(1);

        assertThat(tide.monitoring().events(EventQuery.recent()))
                .extracting(TideEvent::kind)
                .containsExactly(TideEvent.SCHEDULE_RESUMED, TideEvent.SCHEDULE_PAUSED, TideEvent.SCHEDULE_DEFINED);
    }

    @Test
    void aReplacementKeepsTheNextFiringUnlessItChangesTheExpressionOrZone() {
        Tide tide = open();
        tide.schedules().define(Schedule.of("r", "0 * * * *", report()));
        clock.set(at("2026-01-05T09:40:00Z"));
        ScheduleInfo same = tide.schedules().define(Schedule.of("r", "0 * * * *", report().withPayload("{\"v\":2}")));
        assertThat(same.nextFireAt()).isEqualTo(at("2026-01-05T10:00:00Z"));
        assertThat(same.schedule().task().payload()).isEqualTo("{\"v\":2}");

        ScheduleInfo moved = tide.schedules().define(Schedule.of("r", "45 * * * *", report()));
        assertThat(moved.nextFireAt()).isEqualTo(at("2026-01-05T09:45:00Z"));
        ScheduleInfo paused =
                tide.schedules().define(Schedule.of("r", "45 * * * *", report()).withPaused(true));
        assertThat(paused.paused()).isTrue();
        assertThat(tide.schedules()
                        .define(Schedule.of("r", "45 * * * *", report()))
                        .paused())
                .as("a replacement that does not say keeps the state")
                .isTrue();
        assertThat(tide.schedules().list()).extracting(ScheduleInfo::name).containsExactly("r");
    }

    @Test
    void windowAndExpiryAreCountedFromEachFiring() {
        Tide tide = open();
        tide.schedules()
                .define(Schedule.of("w", "*/15 * * * *", report())
                        .withMisfire(Misfire.ALL, null)
                        .withWindow(Duration.ofMinutes(10))
                        .withExpireAfter(Duration.ofMinutes(20)));
        clock.set(at("2026-01-05T10:00:00Z")); // 09:15 ... 10:00; 09:15 and 09:30 would be born expired
        assertThat(tide.passes().runSchedules()).isEqualTo(2);
        List<TaskInfo> fired = tasks(tide);
        assertThat(fired)
                .extracting(TaskInfo::runAt)
                .containsExactly(at("2026-01-05T09:45:00Z"), at("2026-01-05T10:00:00Z"));
        assertThat(fired).allSatisfy(t -> {
            assertThat(t.deadline()).isEqualTo(t.runAt().plus(Duration.ofMinutes(10)));
            assertThat(t.expiresAt()).isEqualTo(t.runAt().plus(Duration.ofMinutes(20)));
        });
        assertThat(missedEvents(tide))
                .singleElement()
                .satisfies(e -> assertThat(e.detail())
                        .contains("\"from\":\"2026-01-05T09:15:00Z\"", "\"to\":\"2026-01-05T09:30:00Z\""));
    }

    @Test
    void badSchedulesAreRefusedNamingTheFieldAndWriteNothing() {
        Tide tide = open();
        assertInvalid(() -> tide.schedules().define(Schedule.of("s", "61 * * * *", report())), "cron");
        assertInvalid(() -> tide.schedules().define(Schedule.of("s", "0 0 30 2 *", report())), "cron");
        assertInvalid(
                () -> tide.schedules()
                        .define(Schedule.of(
                                "s", "* * * * *", NewTask.builder("x y").build())),
                "task.type");
        assertInvalid(
                () -> tide.schedules().define(Schedule.of("s", "* * * * *", report().withPayload("{nope"))),
                "task.payload");
        assertInvalid(
                () -> Schedule.of(
                        "s", "* * * * *", report().toBuilder().runAt(T0).build()),
                "task.runAt");
        assertInvalid(
                () -> Schedule.of(
                        "s",
                        "* * * * *",
                        report().toBuilder().idempotencyKey("k").build()),
                "task.idempotencyKey");
        assertInvalid(() -> Schedule.of("s", "* * * * *", report()).withWindow(Duration.ZERO), "window");
        assertInvalid(() -> Schedule.of("bad name", "* * * * *", report()), "name");
        assertThat(tide.schedules().list()).isEmpty();
        assertThat(tide.monitoring().events(EventQuery.recent())).isEmpty();

        assertThatThrownBy(() -> tide.schedules().get("none")).isInstanceOf(NotFoundException.class);
        assertThatThrownBy(() -> tide.schedules().pause("none")).isInstanceOf(NotFoundException.class);
        assertThatThrownBy(() -> tide.schedules().resume("none")).isInstanceOf(NotFoundException.class);
        assertThatThrownBy(() -> tide.schedules().delete("none")).isInstanceOf(NotFoundException.class);
        assertThatThrownBy(() -> tide.schedules().firings("none", 3)).isInstanceOf(NotFoundException.class);
    }

    @Test
    void aWindowIsAStartAndADeadlineAndMayNotCloseBeforeItOpens() {
        Tide tide = open();
        NewTask window = NewTask.builder("backup")
                .runAt(T0.plusSeconds(3600))
                .deadline(T0.plusSeconds(7200))
                .build();
        TaskInfo task = tide.enqueue(window).task();
        assertThat(task.state()).isEqualTo(TaskState.SCHEDULED);
        assertThat(task.deadline()).isEqualTo(T0.plusSeconds(7200));

        assertInvalid(
                () -> tide.enqueue(NewTask.builder("backup")
                        .runAt(T0.plusSeconds(3600))
                        .deadline(T0)
                        .build()),
                "deadline");
        assertThatThrownBy(() -> tide.enqueue(NewTask.builder("backup")
                        .delay(Duration.ofHours(1))
                        .deadline(T0)
                        .build()))
                .hasMessageContaining("deadline")
                .hasMessageContaining("delay");
        assertThat(tide.enqueue(NewTask.builder("late")
                                .deadline(T0.minusSeconds(60))
                                .build())
                        .created())
                .as("without a start, a deadline already past is a late task")
                .isTrue();
        assertThat(tasks(tide)).hasSize(2);
    }

    @Test
    void deletingAScheduleKeepsItsTasksAndLogsIt() {
        Tide tide = open();
        tide.schedules().define(Schedule.of("d", "0 * * * *", report()));
        clock.set(at("2026-01-05T10:00:00Z"));
        tide.passes().runSchedules();
        tide.schedules().delete("d");
        clock.set(at("2026-01-05T11:00:00Z"));
        assertThat(tide.passes().runSchedules()).isZero();
        assertThat(tasks(tide)).hasSize(1);
        assertThat(tide.monitoring().events(EventQuery.recent()))
                .extracting(TideEvent::kind)
                .containsExactly(TideEvent.SCHEDULE_DELETED, TideEvent.SCHEDULE_DEFINED);
        assertThat(tide.monitoring().events(EventQuery.recent()).get(1).detail())
                .contains("\"cron\":\"0 * * * *\"");
    }

    @Test
    void twoEnginesFiringAtOnceEnqueueEachFiringOnce() throws Exception {
        Tide a = open();
        Tide b = open();
        a.schedules().define(Schedule.of("tick", "* * * * * *", report()).withMisfire(Misfire.ALL, null));
        int seconds = 40;
        ExecutorService pool = Executors.newFixedThreadPool(4);
        try {
            for (int i = 0; i < seconds; i++) {
                clock.advance(Duration.ofSeconds(1));
                List<Callable<Integer>> passes = List.of(
                        a.passes()::fireDueSchedules,
                        b.passes()::fireDueSchedules,
                        a.passes()::fireDueSchedules,
                        b.passes()::fireDueSchedules);
                int fired = 0;
                for (Future<Integer> f : pool.invokeAll(passes, 30, TimeUnit.SECONDS)) {
                    fired += f.get();
                }
                assertThat(fired).as("second " + i).isEqualTo(1);
                if (ThreadLocalRandom.current().nextInt(4) == 0) {
                    assertThat(b.passes().fireDueSchedules()).as("run again").isZero();
                }
            }
        } finally {
            pool.shutdownNow();
        }
        List<Instant> fired = runAts(a);
        assertThat(fired).hasSize(seconds).doesNotHaveDuplicates();
        assertThat(fired.get(0)).isEqualTo(T0.plusSeconds(1));
        assertThat(fired.get(seconds - 1)).isEqualTo(T0.plusSeconds(seconds));
    }

    private static void assertInvalid(Runnable call, String field) {
        assertThatThrownBy(call::run)
                .isInstanceOfSatisfying(
                        InvalidRequestException.class,
                        e -> assertThat(e.field()).isEqualTo(field));
    }
}
