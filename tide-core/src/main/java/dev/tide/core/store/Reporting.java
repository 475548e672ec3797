package dev.tide.core.store;

import dev.tide.api.EventQuery;
import dev.tide.api.StatusReport;
import dev.tide.api.TideEvent;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * What the queue tells about itself: status, events, hourly statistics and the digest.
 */
public interface Reporting {

    StatusReport status(int openJobLimit);

    /** Events newest first. */
    List<TideEvent> eventList(EventQuery query);

    /** Appends one event in a transaction of its own (an administrator's action, logged once it has taken effect). */
    void eventInsert(EventRow event);

    /** The hourly statistics of the query's hours, each (type, hour) once, by hour then type. */
    List<dev.tide.api.HourlyStats> statsList(dev.tide.api.StatsQuery query);

    /** The end of the last digest period; empty when none has started. */
    Optional<Instant> digestLastSent();

    /**
     * The failures and events of {@code [since, until)} and the statistics of the hours it overlaps; at most
     * {@code latest} events are listed per task type's failures and among the other events.
     */
    DigestReport digestReport(Instant since, Instant until, int latest);

    /** Applies the compare-and-set; empty when another node moved the period first, else the digest's insert. */
    Optional<InsertBatch> digestAdvance(DigestAdvance advance);
}
