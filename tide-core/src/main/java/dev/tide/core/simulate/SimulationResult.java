package dev.tide.core.simulate;

import java.time.Duration;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What a simulation measured: its hours, its deadlines, and how long it took on the wall clock.
 *
 * @param enqueued tasks the workload brought
 */
public record SimulationResult(
        SimulationSpec spec, List<HourRow> hours, Deadlines deadlines, long enqueued, Duration elapsed) {

    public SimulationResult {
        hours = List.copyOf(hours);
    }

    /** One day's totals. {@code allowed} is null when some hour of it had no limit. */
    public record Day(LocalDate date, Long allowed, long used, long completed, double meanLoad) {}

    /** The hours summed per day of the simulation's zone. */
    public List<Day> days() {
        Map<LocalDate, List<HourRow>> byDay = new LinkedHashMap<>();
        for (HourRow h : hours) {
            byDay.computeIfAbsent(h.start().toLocalDate(), d -> new ArrayList<>())
                    .add(h);
        }
        List<Day> days = new ArrayList<>();
        byDay.forEach((date, rows) -> {
            Long allowed = rows.stream().anyMatch(r -> r.allowed() == null)
                    ? null
                    : rows.stream().mapToLong(HourRow::allowed).sum();
            days.add(new Day(
                    date,
                    allowed,
                    rows.stream().mapToLong(HourRow::used).sum(),
                    rows.stream().mapToLong(HourRow::completed).sum(),
                    rows.stream().mapToDouble(HourRow::load).average().orElse(Double.NaN)));
        });
        return days;
    }

    /** Whether the simulation had a load curve. */
    public boolean hasLoad() {
        return spec.load() != null;
    }

    /**
     * The correlation of the load with the tasks completed per hour, over the {@linkplain #busyHours() busy hours}; NaN
     * without a load curve. An hour in which the queue ran dry did what there was, whatever its limit: it says nothing
     * about throttling.
     */
    public double loadCorrelation() {
        if (!hasLoad()) {
            return Double.NaN;
        }
        List<HourRow> busy = busyHours();
        return Pearson.of(
                busy.stream().mapToDouble(HourRow::load).toArray(),
                busy.stream().mapToDouble(HourRow::completed).toArray());
    }

    /** The hours in which work was pending throughout: ready tasks were waiting when they began and when they ended. */
    public List<HourRow> busyHours() {
        return hours.stream()
                .filter(h -> h.waitingAtStart() > 0 && h.waitingAtEnd() > 0)
                .toList();
    }
}
