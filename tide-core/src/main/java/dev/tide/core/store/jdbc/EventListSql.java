package dev.tide.core.store.jdbc;

import dev.tide.api.EventQuery;
import java.sql.PreparedStatement;
import java.sql.SQLException;

/**
 * The event log's list, built from an {@link EventQuery} in SQL both dialects accept: newest first, paged back by id.
 * Each filter has an index ending in id ({@code tide_events_kind}, {@code _task}, {@code _job}, {@code _actor}, V007
 * and V023), so whichever the planner picks is one range walked backwards, with no sort; with no filter, the primary
 * key.
 */
public final class EventListSql {
    private final String sql;
    private final Conditions.Where where;
    private final long limit;

    private EventListSql(String sql, Conditions.Where where, long limit) {
        this.sql = sql;
        this.where = where;
        this.limit = limit;
    }

    public static EventListSql of(EventQuery q) {
        Conditions.Where where = new Conditions()
                .add("id < ?", q.before() == null ? Long.MAX_VALUE : q.before())
                .addIf("kind = ?", q.kind())
                .addIf("task_id = ?", q.taskId())
                .addIf("job_id = ?", q.jobId())
                .addIf("actor = ?", q.actor())
                .where();
        return new EventListSql(
                "SELECT * FROM tide_events WHERE " + where.sql() + " ORDER BY id DESC LIMIT ?", where, q.limit());
    }

    public String sql() {
        return sql;
    }

    public void bind(PreparedStatement ps) throws SQLException {
        ps.setLong(where.bind(ps, 1), limit);
    }
}
