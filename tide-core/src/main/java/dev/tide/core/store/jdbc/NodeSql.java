package dev.tide.core.store.jdbc;

import dev.tide.core.store.NodeRow;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/** The nodes registry's rows, inside a store transaction. */
final class NodeSql {
    private NodeSql() {}

    static void save(Tx tx, NodeRow node) throws SQLException {
        tx.prepare("node_save")
                .set("name", node.name())
                .set("version", node.version())
                .set("host", node.host())
                .set("started_at", node.startedAt())
                .set("last_seen_at", node.lastSeenAt())
                .set("heartbeat_ms", node.heartbeat().toMillis())
                .set("stopped_at", node.stoppedAt())
                .update();
    }

    static List<NodeRow> list(Tx tx) throws SQLException {
        List<NodeRow> out = new ArrayList<>();
        try (ResultSet rs = tx.prepare("node_list").query()) {
            while (rs.next()) {
                out.add(new NodeRow(
                        rs.getString("name"),
                        rs.getString("version"),
                        rs.getString("host"),
                        Rows.instant(rs, "started_at"),
                        Rows.instant(rs, "last_seen_at"),
                        Duration.ofMillis(rs.getLong("heartbeat_ms")),
                        Rows.instant(rs, "stopped_at")));
            }
        }
        return out;
    }
}
