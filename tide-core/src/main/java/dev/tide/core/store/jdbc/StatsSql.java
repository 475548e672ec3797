package dev.tide.core.store.jdbc;

import dev.tide.api.HourlyStats;
import dev.tide.api.StatsQuery;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/** The hourly statistics as read and pruned; {@link StatsTally} adds to them. */
final class StatsSql {
    private StatsSql() {}

    static List<HourlyStats> list(Tx tx, StatsQuery query) throws SQLException {
        List<String> filters = new ArrayList<>();
        if (query.type() != null) {
            filters.add("stats_if_type");
        }
        if (query.queue() != null) {
            filters.add("stats_if_queue");
        }
        Statement st = tx.prepare("stats_list", filters);
        if (query.type() != null) {
            st.set("task_type", query.type());
        }
        if (query.queue() != null) {
            st.set("queue", query.queue());
        }
        List<HourlyStats> out = new ArrayList<>();
        try (ResultSet rs = st.set("from", query.from()).set("to", query.to()).query()) {
            while (rs.next()) {
                out.add(new HourlyStats(
                        rs.getString("task_type"),
                        Rows.instant(rs, "hour_start"),
                        rs.getLong("started"),
                        rs.getLong("succeeded"),
                        rs.getLong("failed"),
                        rs.getLong("retried"),
                        rs.getLong("expired"),
                        rs.getLong("units_used")));
            }
        }
        return out;
    }

    static int prune(Tx tx, Instant cutoff, int limit) throws SQLException {
        return tx.prepare("stats_prune")
                .set("cutoff", cutoff)
                .set("limit", (long) limit)
                .update();
    }
}
