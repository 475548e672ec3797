package dev.tide.api;

import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * The payload of the periodic digest task (seed 000 ch. 7: "this information could also be periodically mailed to a
 * system administrator for review"): what went wrong and what happened in one period, addressed to the administrators.
 * A handler of the notification task type reads it with {@code ctx.payload(DigestNotice.class)} and sends it on.
 *
 * @param kind always {@value #KIND}, to tell it from the other notices of the same task type
 * @param to the administrators configured as the digest's recipients
 * @param subject one line for a mail's subject
 * @param from the start of the period
 * @param until its end, exclusive
 * @param node the node that sent it
 * @param failures the task types with tasks that failed for good in the period, most failures first
 * @param eventCounts the period's events by kind
 * @param latestEvents its latest events other than failures, newest first (administrators' actions among them)
 * @param totals the hourly statistics of the hours the period overlaps, summed per task type ({@code hour}: the
 *     first)
 */
public record DigestNotice(
        String kind,
        List<String> to,
        String subject,
        Instant from,
        Instant until,
        String node,
        List<Failures> failures,
        Map<String, Long> eventCounts,
        List<TideEvent> latestEvents,
        List<HourlyStats> totals) {

    public static final String KIND = "tide.digest";

    /**
     * The failures of one task type in the digest's period.
     *
     * @param latest the latest failures ({@code task.failed} events: task id, time, and the message in the detail),
     *     newest first; empty when the digest had to be cut to fit the payload cap
     */
    public record Failures(String type, long count, List<TideEvent> latest) {}
}
