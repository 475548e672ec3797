package dev.tide.core.store.jdbc;

import dev.tide.core.store.NodeRow;
import dev.tide.core.store.NodeStore;
import java.time.Instant;
import java.util.List;

/** The nodes registry: a handful of rows, one statement a call. */
final class JdbcNodes implements NodeStore {
    private final Database db;

    JdbcNodes(Database db) {
        this.db = db;
    }

    @Override
    public void nodeSave(NodeRow node) {
        db.write(tx -> {
            NodeSql.save(tx, node);
            return null;
        });
    }

    @Override
    public List<NodeRow> nodeList() {
        return db.read(NodeSql::list);
    }

    @Override
    public int nodePrune(Instant cutoff) {
        return db.write(tx -> tx.prepare("node_prune").set("cutoff", cutoff).update());
    }
}
