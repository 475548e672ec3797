package dev.tide.core.store.contract;

import static dev.tide.core.store.contract.TaskRows.task;
import static org.assertj.core.api.Assertions.assertThat;

import dev.tide.api.NewTask;
import dev.tide.api.Schedule;
import dev.tide.api.ScheduleInfo;
import dev.tide.api.TaskQuery;
import dev.tide.core.store.InsertBatch;
import dev.tide.core.store.ScheduleFiring;
import dev.tide.core.store.ScheduleStore;
import dev.tide.core.store.TaskReads;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Schedules in the store: their catalog, what is due, and the compare-and-set that fires them once. */
public abstract class StoreSchedulesContract extends StoreContract {
    private static final Instant NEXT = T0.plus(Duration.ofHours(1));

    private TaskReads reads;
    private ScheduleStore schedules;

    /** The roles this contract holds the store to, and those its tests set up with. */
    @BeforeEach
    void roles() {
        reads = store;
        schedules = store;
    }

    private static Schedule hourly(String name) {
        return Schedule.of(name, "0 * * * *", NewTask.of("report", java.util.Map.of("n", 1)));
    }

    @Test
    void aScheduleRoundTripsWithItsNextFiring() {
        Schedule schedule = hourly("reports").withZone(ZoneId.of("Europe/Paris"));

        ScheduleInfo stored = schedules.scheduleUpsert(schedule, NEXT, T0);

        assertThat(stored.nextFireAt()).isEqualTo(NEXT);
        assertThat(stored.lastFiredAt()).isNull();
        ScheduleInfo read = schedules.scheduleGet("reports").orElseThrow();
        assertThat(read.schedule().name()).isEqualTo("reports");
        assertThat(read.schedule().cron()).isEqualTo("0 * * * *");
        assertThat(read.schedule().zone()).isEqualTo(ZoneId.of("Europe/Paris"));
        assertThat(read.schedule().task().type()).isEqualTo("report");
        assertThat(read.nextFireAt()).isEqualTo(NEXT);
        assertThat(schedules.scheduleGet("none")).isEmpty();
    }

    @Test
    void aReplacementWithTheSameExpressionKeepsItsNextFiring() {
        schedules.scheduleUpsert(hourly("reports"), NEXT, T0);

        schedules.scheduleUpsert(hourly("reports").withWindow(Duration.ofMinutes(5)), NEXT.plusSeconds(7), T0);
        assertThat(schedules.scheduleGet("reports").orElseThrow().nextFireAt()).isEqualTo(NEXT);

        Schedule daily = Schedule.of("reports", "0 6 * * *", NewTask.of("report", 1));
        schedules.scheduleUpsert(daily, NEXT.plusSeconds(7), T0);
        assertThat(schedules.scheduleGet("reports").orElseThrow().nextFireAt()).isEqualTo(NEXT.plusSeconds(7));
    }

    @Test
    void schedulesAreListedByName() {
        schedules.scheduleUpsert(hourly("b"), NEXT, T0);
        schedules.scheduleUpsert(hourly("a"), NEXT, T0);

        assertThat(schedules.scheduleList()).extracting(ScheduleInfo::name).containsExactly("a", "b");
    }

    @Test
    void onlyRunningSchedulesComeDueEarliestFirst() {
        schedules.scheduleUpsert(hourly("late"), NEXT.plusSeconds(60), T0);
        schedules.scheduleUpsert(hourly("early"), NEXT, T0);
        schedules.scheduleUpsert(hourly("paused"), T0, T0);
        schedules.schedulePause("paused", true, null, T0);

        assertThat(schedules.scheduleDue(NEXT.minusSeconds(1), 10)).isEmpty();
        assertThat(schedules.scheduleDue(NEXT.plusSeconds(60), 10))
                .extracting(ScheduleInfo::name)
                .containsExactly("early", "late");
        assertThat(schedules.scheduleDue(NEXT.plusSeconds(60), 1))
                .extracting(ScheduleInfo::name)
                .containsExactly("early");
        assertThat(schedules.scheduleNextFireAt()).contains(NEXT);
    }

    @Test
    void pausingAndResumingAMissingScheduleAnswersEmpty() {
        assertThat(schedules.schedulePause("none", true, null, T0)).isEmpty();
        assertThat(schedules.scheduleDelete("none", T0)).isFalse();
    }

    @Test
    void aResumedScheduleFiresFromTheGivenTime() {
        schedules.scheduleUpsert(hourly("reports"), NEXT, T0);

        assertThat(schedules
                        .schedulePause("reports", true, null, T0)
                        .orElseThrow()
                        .schedule()
                        .paused())
                .isTrue();
        Instant resumedAt = NEXT.plus(Duration.ofHours(5));
        ScheduleInfo resumed =
                schedules.schedulePause("reports", false, resumedAt, T0).orElseThrow();

        assertThat(resumed.nextFireAt()).isEqualTo(resumedAt);
        assertThat(schedules.scheduleDue(resumedAt, 10))
                .extracting(ScheduleInfo::name)
                .containsExactly("reports");
    }

    @Test
    void aDeletedScheduleIsGone() {
        schedules.scheduleUpsert(hourly("reports"), NEXT, T0);

        assertThat(schedules.scheduleDelete("reports", T0)).isTrue();

        assertThat(schedules.scheduleList()).isEmpty();
        assertThat(schedules.scheduleNextFireAt()).isEmpty();
    }

    @Test
    void aFiringInsertsItsTasksAndMovesTheNextFiringOnce() {
        schedules.scheduleUpsert(hourly("reports"), NEXT, T0);
        Instant after = NEXT.plus(Duration.ofHours(1));
        ScheduleFiring firing = new ScheduleFiring(
                "reports",
                NEXT,
                after,
                List.of(NEXT),
                List.of(task("report", NEXT).row()),
                null);

        Optional<InsertBatch> fired = schedules.scheduleFire(firing);

        assertThat(fired).hasValueSatisfying(b -> assertThat(b.results()).hasSize(1));
        ScheduleInfo info = schedules.scheduleGet("reports").orElseThrow();
        assertThat(info.nextFireAt()).isEqualTo(after);
        assertThat(info.lastTaskId()).isEqualTo(fired.get().results().get(0).id());
        assertThat(schedules.scheduleFire(firing))
                .as("the same firing a second time: another node won it")
                .isEmpty();
        assertThat(reads.taskList(TaskQuery.all()).items()).hasSize(1);
    }
}
