package dev.tide.core.store.jdbc;

import dev.tide.api.IntakeStatus;
import dev.tide.core.store.IntakePass;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;

/** Folder intake's one row: the switch and the passes' counts. No row yet reads as switched on, nothing counted. */
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
    }
}
