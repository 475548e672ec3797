package dev.tide.core.store.jdbc;

import dev.tide.core.store.TaskBlobs;
import java.sql.ResultSet;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Which blob payloads tasks still refer to, and letting go of those of finished tasks.
 */
public final class JdbcTaskBlobs implements TaskBlobs {
    private final Database db;

    JdbcTaskBlobs(Database db) {
        this.db = db;
    }

    @Override
    public Set<String> taskBlobReferenced(Collection<String> keys) {
        if (keys.isEmpty()) {
            return Set.of();
        }
        return db.read(tx -> {
            Set<String> referenced = new HashSet<>();
            try (ResultSet rs =
                    tx.prepare("task_blob_referenced").setTexts("keys", keys).query()) {
                while (rs.next()) {
                    referenced.add(rs.getString("blob_key"));
                }
            }
            return referenced;
        });
    }

    @Override
    public List<String> taskBlobRelease(List<Long> taskIds, Set<String> types, Instant now) {
        if (taskIds.isEmpty() || types.isEmpty()) {
            return List.of();
        }
        return db.write(tx -> {
            List<String> keys = new ArrayList<>();
            try (ResultSet rs = tx.prepare("task_blob_release")
                    .set("now", now)
                    .setLongs("ids", taskIds)
                    .setTexts("types", types)
                    .query()) {
                while (rs.next()) {
                    keys.add(rs.getString("blob_key"));
                }
            }
            return keys;
        });
    }
}
