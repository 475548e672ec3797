package dev.tide.core.store.sqlite;

import dev.tide.api.LeasedTask;
import dev.tide.core.store.TaskClaim;
import dev.tide.core.store.jdbc.ClaimAnswer;
import dev.tide.core.store.jdbc.Claimed;
import dev.tide.core.store.jdbc.Database;
import dev.tide.core.store.jdbc.Rows;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Leases on the writer, which answers only the ids and keys, then reads the leased rows on a reader connection: the
 * single writer thread is what bounds throughput, and reading a claimed task's columns costs more than leasing it.
 */
final class SqliteClaimAnswer implements ClaimAnswer {
    private final Database db;

    SqliteClaimAnswer(Database db) {
        this.db = db;
    }

    @Override
    public Claimed row(ResultSet rs, TaskClaim claim) throws SQLException {
        return Claimed.read(rs, null);
    }

    @Override
    public List<LeasedTask> tasks(List<Claimed> claimed, TaskClaim claim) {
        List<Long> ids = claimed.stream().map(Claimed::id).toList();
        if (ids.isEmpty()) {
            return List.of();
        }
        Map<Long, LeasedTask> byId = db.read(tx -> {
            Map<Long, LeasedTask> tasks = new HashMap<>();
            try (ResultSet rs = tx.prepare("sqlite_task_claimed_get")
                    .setLongs("ids", ids)
                    .set("token", claim.token())
                    .query()) {
                while (rs.next()) {
                    LeasedTask task = Rows.leased(rs, claim.leaseMillis());
                    tasks.put(task.id(), task);
                }
            }
            return tasks;
        });
        return ids.stream().map(byId::get).filter(Objects::nonNull).toList();
    }
}
