package dev.tide.api;

import java.util.List;

/**
 * What the queue reports about itself: its status now, the event log, hourly statistics, and its nodes. Reached from
 * {@code monitoring()} of the embedded engine and of the HTTP client alike.
 */
public interface Monitoring {

    /** Queue depths and open jobs, whether dispatch is suspended, and warnings an operator should see. */
    StatusReport status();

    /**
     * Recent entries of the event log (lifecycle changes, deadlines and administrators' actions; see {@link
     * TideEvent}), newest first.
     */
    List<TideEvent> events(EventQuery query);

    /**
     * Started, succeeded, failed, retried and expired tasks and the work units used, per task type and hour (UTC), for
     * the hours of the query; hours with nothing counted are left out. Ordered by hour, then type.
     */
    List<HourlyStats> stats(StatsQuery query);

    /**
     * The nodes that ran on the store (live ones, and those that stopped or went missing within the node retention),
     * by name, each with its version, host, uptime and what the processors do there.
     */
    List<NodeInfo> nodes();
}
