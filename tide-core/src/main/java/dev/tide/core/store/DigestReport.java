package dev.tide.core.store;

import dev.tide.api.HourlyStats;
import dev.tide.api.TideEvent;
import java.util.List;
import java.util.Map;

/**
 * What the store knows of one digest period: the failures for good per task type with the latest of them, the events
 * counted by kind, the latest events other than failures, and the statistics' totals per type.
 *
 * @param eventCounts every event of the period, by kind (failures included)
 */
public record DigestReport(
        List<Failures> failures,
        Map<String, Long> eventCounts,
        List<TideEvent> latestEvents,
        List<HourlyStats> totals) {

    /** A task type's failures for good in the period: how many, and the latest ({@code task.failed} events). */
    public record Failures(String type, long count, List<TideEvent> latest) {}
}
