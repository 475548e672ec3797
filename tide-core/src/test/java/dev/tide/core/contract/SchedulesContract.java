package dev.tide.core.contract;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tide.api.EventQuery;
import dev.tide.api.InvalidRequestException;
import dev.tide.api.NewTask;
import dev.tide.api.NotFoundException;
import dev.tide.api.Schedule;
import dev.tide.api.ScheduleInfo;
import dev.tide.api.Schedules;
import dev.tide.api.TideEvent;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * {@link Schedules}, embedded and over HTTP alike: definitions and what they answer, the next firings, pause and
 * resume, removal, and the event log's record of it. How schedules fire (misfires, zones, two nodes) is
 * {@code ScheduleContract}'s, on the engine.
 */
public abstract class SchedulesContract extends ManualQueueContract {
    private static final NewTask REPORT =
            NewTask.builder("report").queue("reports").build();

    private Schedules schedules;

    @BeforeEach
    void openSchedules() {
        schedules = queue.schedules();
    }

    @Test
    void aScheduleIsDefinedWithItsNextFiringAndListedByName() {
        ScheduleInfo hourly = schedules.define(Schedule.of("hourly", "0 * * * *", REPORT));
        schedules.define(Schedule.of("daily", "0 6 * * *", REPORT));

        assertThat(hourly.schedule().name()).isEqualTo("hourly");
        assertThat(hourly.nextFireAt()).isEqualTo(Instant.parse("2026-01-05T10:00:00Z"));
        assertThat(schedules.get("hourly")).isEqualTo(hourly);
        assertThat(schedules.list()).extracting(ScheduleInfo::name).containsExactly("daily", "hourly");
        assertThat(queue.monitoring().events(EventQuery.recent().withKind(TideEvent.SCHEDULE_DEFINED)))
                .hasSize(2);
    }

    @Test
    void theNextFiringsStartAtTheNextOne() {
        schedules.define(Schedule.of("hourly", "0 * * * *", REPORT));

        assertThat(schedules.firings("hourly", 3))
                .containsExactly(
                        Instant.parse("2026-01-05T10:00:00Z"),
                        Instant.parse("2026-01-05T11:00:00Z"),
                        Instant.parse("2026-01-05T12:00:00Z"));
        assertThatThrownBy(() -> schedules.firings("hourly", 0))
                .isInstanceOfSatisfying(
                        InvalidRequestException.class,
                        e -> assertThat(e.field()).isEqualTo("count"));
    }

    @Test
    void aPausedScheduleResumesFromTheFirstFiringAfterNow() {
        schedules.define(Schedule.of("hourly", "0 * * * *", REPORT));

        ScheduleInfo paused = schedules.pause("hourly");
        assertThat(paused.paused()).isTrue();
        clock.advance(Duration.ofHours(3).plusMinutes(30));

        ScheduleInfo resumed = schedules.resume("hourly");
        assertThat(resumed.paused()).isFalse();
        assertThat(resumed.nextFireAt()).isEqualTo(Instant.parse("2026-01-05T13:00:00Z"));
        assertThat(queue.monitoring().events(EventQuery.recent()))
                .extracting(TideEvent::kind)
                .contains(TideEvent.SCHEDULE_PAUSED, TideEvent.SCHEDULE_RESUMED);
    }

    @Test
    void aDeletedScheduleIsGoneAndAnUnknownOneIsNotFound() {
        schedules.define(Schedule.of("hourly", "0 * * * *", REPORT));

        schedules.delete("hourly");

        assertThat(schedules.list()).isEmpty();
        assertThatThrownBy(() -> schedules.get("hourly")).isInstanceOf(NotFoundException.class);
        assertThatThrownBy(() -> schedules.delete("hourly")).isInstanceOf(NotFoundException.class);
        assertThatThrownBy(() -> schedules.pause("hourly")).isInstanceOf(NotFoundException.class);
    }

    @Test
    void badDefinitionsAreRefusedNamingTheField() {
        assertThatThrownBy(() -> schedules.define(null))
                .isInstanceOfSatisfying(
                        InvalidRequestException.class,
                        e -> assertThat(e.field()).isEqualTo("schedule"));
        assertThatThrownBy(() -> schedules.get("no/slash"))
                .isInstanceOfSatisfying(
                        InvalidRequestException.class,
                        e -> assertThat(e.field()).isEqualTo("name"));
        assertThat(schedules.list()).isEmpty();
    }
}
