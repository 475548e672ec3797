package dev.tide.core.store.jdbc;

import dev.tide.api.EventQuery;
import dev.tide.api.TideEvent;
import dev.tide.core.store.EventRow;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/** The event log's statements. */
final class EventSql {
    private EventSql() {}

    static void insert(Tx tx, EventRow event) throws SQLException {
        tx.prepare("event_insert")
                .set("at", event.at())
                .set("kind", event.kind())
                .set("task_id", event.taskId())
                .set("job_id", event.jobId())
                .set("queue", event.queue())
                .set("detail", event.detail())
                .set("actor", EventActor.of(event.detail()))
                .update();
    }

    static List<TideEvent> list(Tx tx, EventQuery query) throws SQLException {
        EventListSql list = EventListSql.of(query);
        List<TideEvent> events = new ArrayList<>();
        try (PreparedStatement ps = tx.prepareDynamic(list.sql())) {
            list.bind(ps);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    events.add(read(rs));
                }
            }
        }
        return events;
    }

    static TideEvent read(ResultSet rs) throws SQLException {
        return new TideEvent(
                rs.getLong("id"),
                Rows.instant(rs, "at"),
                rs.getString("kind"),
                Rows.nullableLong(rs, "task_id"),
                Rows.nullableLong(rs, "job_id"),
                rs.getString("queue"),
                rs.getString("detail"));
    }

    static int prune(Tx tx, Instant cutoff, int limit) throws SQLException {
        return tx.prepare("event_prune")
                .set("cutoff", cutoff)
                .set("limit", (long) limit)
                .update();
    }
}
