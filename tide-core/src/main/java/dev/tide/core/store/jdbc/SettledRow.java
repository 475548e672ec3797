package dev.tide.core.store.jdbc;

import java.sql.ResultSet;
import java.sql.SQLException;

/**
 * A task row a settlement moved: its job and queue.
 *
 * @param jobId null for a task outside any job
 * @param fair whether it was a fair queue's task, whose lease ending gives its owner room under a concurrency cap
 * @param type the task's type, for the hourly statistics
 * @param units the task's units; {@code grantedUnits} those a profile granted at its claim (null: none did)
 */
public record SettledRow(
        Long jobId, String queue, boolean fair, boolean hasDependents, String type, int units, Integer grantedUnits) {
    /**
     * The row a settling statement answered: its {@code job_id}, {@code queue}, {@code fair},
     * {@code has_dependents}, {@code type}, {@code units} and {@code granted_units}.
     */
    public static SettledRow read(ResultSet rs) throws SQLException {
        Long granted = Rows.nullableLong(rs, "granted_units");
        return new SettledRow(
                Rows.nullableLong(rs, "job_id"),
                rs.getString("queue"),
                rs.getInt("fair") != 0,
                rs.getInt("has_dependents") != 0,
                rs.getString("type"),
                rs.getInt("units"),
                granted == null ? null : granted.intValue());
    }

    /** The units an attempt used: what its acknowledgement reported, else what it was granted, else its own. */
    int unitsUsed(Integer reported) {
        return reported != null ? reported : grantedUnits != null ? grantedUnits : units;
    }
}
