package dev.tide.core.store.jdbc;

import dev.tide.api.IntakeFile;
import dev.tide.api.IntakeFileQuery;
import dev.tide.api.IntakeStatus;
import dev.tide.api.Page;
import dev.tide.core.store.IntakeFileRow;
import dev.tide.core.store.IntakePass;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * Folder intake's one row (the switch and the passes' counts; no row yet reads as switched on, nothing counted) and its
 * record of the files the passes handled.
 */
final class IntakeSql {
    private static final IntakeStatus NOTHING_YET = new IntakeStatus(true, 0, 0, null);

    private IntakeSql() {}

    static IntakeStatus get(Tx tx) throws SQLException {
        try (ResultSet rs = tx.prepare("intake_get").query()) {
            return rs.next()
                    ? new IntakeStatus(
                            rs.getInt("enabled") != 0,
                            rs.getLong("files_stored"),
                            rs.getLong("files_rejected"),
                            Rows.instant(rs, "last_scan_at"))
                    : NOTHING_YET;
        }
    }

    static IntakeStatus switchTo(Tx tx, boolean enabled, Instant now) throws SQLException {
        tx.prepare("intake_switch")
                .set("enabled", enabled ? 1L : 0L)
                .set("now", now)
                .update();
        return get(tx);
    }

    static void record(Tx tx, IntakePass pass) throws SQLException {
        tx.prepare("intake_record")
                .set("stored", pass.stored())
                .set("rejected", pass.rejected())
                .set("scanned_at", pass.scannedAt())
                .update();
        if (pass.files().isEmpty()) {
            return;
        }
        Statement insert = tx.prepare("intake_file_insert");
        for (IntakeFileRow file : pass.files()) {
            insert.set("at", file.at())
                    .set("owner", file.owner())
                    .set("queue", file.queue())
                    .set("name", file.name())
                    .set("outcome", file.outcome().wireName())
                    .set("task_id", file.taskId())
                    .set("reason", file.reason())
                    .addBatch();
        }
        insert.executeBatch();
    }

    /** Newest first by id (the primary key), one more than the page to know whether another follows. */
    static Page<IntakeFile> files(Tx tx, IntakeFileQuery query) throws SQLException {
        List<IntakeFile> files = new ArrayList<>();
        try (ResultSet rs = tx.prepare("intake_file_list")
                .set("before", query.before())
                .set("limit", (long) query.limit() + 1)
                .query()) {
            while (rs.next()) {
                files.add(new IntakeFile(
                        rs.getLong("id"),
                        Rows.instant(rs, "at"),
                        rs.getString("owner"),
                        rs.getString("queue"),
                        rs.getString("name"),
                        IntakeFile.Outcome.parse(rs.getString("outcome")),
                        Rows.nullableLong(rs, "task_id"),
                        rs.getString("reason")));
            }
        }
        if (files.size() <= query.limit()) {
            return new Page<>(files, null);
        }
        List<IntakeFile> page = files.subList(0, query.limit());
        return new Page<>(page, IntakeFileQuery.cursorAfter(page.getLast().id()));
    }

    static int prune(Tx tx, Instant cutoff, int limit) throws SQLException {
        return tx.prepare("intake_file_prune")
                .set("cutoff", cutoff)
                .set("limit", (long) limit)
                .update();
    }
}
