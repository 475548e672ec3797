package dev.tide.core.store.jdbc;

import dev.tide.api.EventQuery;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

/**
 * The event log's list, built from an {@link EventQuery} in SQL both dialects accept: newest first, paged back by id.
 * Each filter has an index ending in id ({@code tide_events_kind}, {@code _task}, {@code _job}, {@code _actor}, V007
 * and V023), so whichever the planner picks is one range walked backwards, with no sort; with no filter, the primary
 * key.
 */
public final class EventListSql {
    private final String sql;
    private final List<Object> params;

    private EventListSql(String sql, List<Object> params) {
        this.sql = sql;
        this.params = params;
    }

    public static EventListSql of(EventQuery q) {
        StringBuilder where = new StringBuilder("id < ?");
        List<Object> params = new ArrayList<>();
        params.add(q.before() == null ? Long.MAX_VALUE : q.before());
        add(where, params, "kind = ?", q.kind());
        add(where, params, "task_id = ?", q.taskId());
        add(where, params, "job_id = ?", q.jobId());
        add(where, params, "actor = ?", q.actor());
        params.add((long) q.limit());
        return new EventListSql("SELECT * FROM tide_events WHERE " + where + " ORDER BY id DESC LIMIT ?", params);
    }

    public String sql() {
        return sql;
    }

    public void bind(PreparedStatement ps) throws SQLException {
        for (int i = 0; i < params.size(); i++) {
            if (params.get(i) instanceof Long l) {
                ps.setLong(i + 1, l);
            } else {
                ps.setString(i + 1, (String) params.get(i));
            }
        }
    }

    private static void add(StringBuilder where, List<Object> params, String clause, Object value) {
        if (value != null) {
            where.append(" AND ").append(clause);
            params.add(value);
        }
    }
}
