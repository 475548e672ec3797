package dev.tide.core.simulate;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tide.api.Outcome;
import dev.tide.api.Page;
import dev.tide.api.TaskInfo;
import dev.tide.api.TaskQuery;
import dev.tide.api.TaskState;
import dev.tide.core.Tide;
import dev.tide.core.TideConfig;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.temporal.ChronoUnit;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The thesis's "ultimate test" (seed 000, ch. 7): over a simulated week with a daily curve of user traffic (quiet at
 * night, peaks mid-morning and mid-afternoon, a quieter weekend, seeded noise), the email queue's throughput falls when
 * traffic rises and rises when it falls, while every task meets its deadline.
 *
 * <p>Not circular: the workload is fixed (a nightly batch of 1,300 emails due within two days, and 5 an hour due
 * within one), larger than what the quiet hours alone can send; the engine is the real one on a SQLite file; and the
 * test reads completions and deadlines back from that file itself, after the simulation has closed its engine.
 */
class LoadAwareDemonstrationTest {
    private final ScratchFolder folder = ScratchFolder.create();

    @AfterEach
    void delete() {
        folder.close();
    }

    @Test
    void throughputFallsWhenTrafficRisesAndEveryDeadlineIsMet() {
        SimulationSpec spec = SpecReader.read(SimulationContract.EXAMPLES.resolve("load-aware.json"));

        SimulationResult result = Simulation.run(spec, Tide.builder().sqlite(folder.path()), 7);
        System.out.printf(
                "load-aware week: %d ms, %d tasks, correlation %.3f over %d busy hours%n",
                result.elapsed().toMillis(),
                result.enqueued(),
                result.loadCorrelation(),
                result.busyHours().size());

        long offPeakCapacity = result.hours().stream()
                .filter(h -> h.load() <= 50)
                .mapToLong(HourRow::allowed)
                .sum();
        assertThat(result.enqueued())
                .as("the work cannot be done in the quiet hours alone")
                .isGreaterThan(offPeakCapacity);
        assertThat(result.busyHours())
                .as("most hours had work waiting throughout")
                .hasSizeGreaterThan(100);
        assertThat(result.loadCorrelation()).isLessThanOrEqualTo(-0.7);

        Instant end = spec.start().plusDays(spec.days()).atZone(spec.zone()).toInstant();
        Map<LocalDateTime, Long> perHour = new HashMap<>();
        long finished = 0;
        // maintenance off: the system clock is not the simulation's, and retention would prune its finished tasks
        try (Tide store = Tide.builder()
                .sqlite(folder.path())
                .config(TideConfig.defaults().withMaintenanceInterval(null))
                .build()) {
            String cursor = null;
            do {
                Page<TaskInfo> page =
                        store.tasks(TaskQuery.all().withLimit(1000).withCursor(cursor));
                for (TaskInfo t : page.items()) {
                    if (t.state() != TaskState.FINISHED) {
                        assertThat(t.deadline())
                                .as("task %d, unfinished, is not due yet", t.id())
                                .isAfter(end);
                        continue;
                    }
                    assertThat(t.outcome()).isEqualTo(Outcome.SUCCEEDED);
                    assertThat(t.finishedAt())
                            .as("task %d by its deadline", t.id())
                            .isBeforeOrEqualTo(t.deadline());
                    perHour.merge(hourOf(t, spec.zone()), 1L, Long::sum);
                    finished++;
                }
                cursor = page.nextCursor();
            } while (cursor != null);
        }
        assertThat(result.deadlines().missed()).isZero();
        assertThat(finished).isEqualTo(result.deadlines().met());
        for (HourRow h : result.hours()) {
            assertThat(h.completed())
                    .as("%s: completions as the store has them", h.start())
                    .isEqualTo(perHour.getOrDefault(h.start(), 0L));
            assertThat(h.used()).as("%s: within the scaled limit", h.start()).isLessThanOrEqualTo(h.allowed());
        }
    }

    private static LocalDateTime hourOf(TaskInfo t, ZoneId zone) {
        return LocalDateTime.ofInstant(t.finishedAt(), zone).truncatedTo(ChronoUnit.HOURS);
    }
}
