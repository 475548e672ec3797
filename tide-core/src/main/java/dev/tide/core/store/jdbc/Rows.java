package dev.tide.core.store.jdbc;

import dev.tide.api.JobInfo;
import dev.tide.api.JobState;
import dev.tide.api.Lease;
import dev.tide.api.LeasedTask;
import dev.tide.api.Outcome;
import dev.tide.api.TaskBlob;
import dev.tide.api.TaskInfo;
import dev.tide.api.TaskState;
import dev.tide.api.json.Json;
import dev.tide.core.store.TaskRow;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.List;

/** Reads Tide's rows, by column name, into the API's types. Both dialects return the same columns. */
public final class Rows {
    private Rows() {}

    public static TaskInfo task(ResultSet rs) throws SQLException {
        String outcome = rs.getString("outcome");
        return new TaskInfo(
                rs.getLong("id"),
                rs.getString("queue"),
                rs.getString("type"),
                nullableLong(rs, "job_id"),
                emptyToNull(rs.getString("owner")),
                rs.getString("payload"),
                rs.getInt("priority"),
                rs.getDouble("weight"),
                instant(rs, "run_at"),
                instant(rs, "deadline"),
                TaskState.parse(rs.getString("state")),
                outcome == null ? null : Outcome.parse(outcome),
                rs.getInt("attempts"),
                rs.getInt("max_attempts"),
                rs.getString("message"),
                rs.getString("result"),
                rs.getString("lease_owner"),
                instant(rs, "lease_expires_at"),
                rs.getString("idempotency_key"),
                instant(rs, "created_at"),
                instant(rs, "started_at"),
                instant(rs, "finished_at"),
                instant(rs, "expires_at"),
                dependsOn(rs.getString("depends_on")),
                rs.getString("coalescing_key"),
                rs.getInt("units"),
                rs.getInt("divisible") != 0,
                blob(rs));
    }

    /** The row's blob, if its payload is kept in one. */
    private static TaskBlob blob(ResultSet rs) throws SQLException {
        String key = rs.getString("blob_key");
        if (key == null) {
            return null;
        }
        return new TaskBlob(
                rs.getString("blob_store"),
                key,
                rs.getLong("payload_bytes"),
                rs.getString("blob_sha256"),
                instant(rs, "blob_deleted_at"));
    }

    private static List<Long> dependsOn(String json) {
        return json == null ? List.of() : List.of(Json.read(json, Long[].class));
    }

    /** A task row just inserted under {@code id}, as it stands (no read needed). */
    public static TaskInfo fresh(TaskRow row, long id) {
        return new TaskInfo(
                id,
                row.queue(),
                row.type(),
                row.jobId(),
                row.owner().isEmpty() ? null : row.owner(),
                row.payload(),
                row.priority(),
                row.weight(),
                row.runAt(),
                row.deadline(),
                row.initialState(),
                null,
                0,
                row.maxAttempts(),
                null,
                null,
                null,
                null,
                row.idempotencyKey(),
                row.createdAt(),
                null,
                null,
                row.expiresAt(),
                row.dependencies().taskIds(),
                row.coalescingKey(),
                row.units(),
                row.divisible(),
                row.blob());
    }

    /**
     * A task row with its lease; the lease length is the override the claim asked for, else what the lease was
     * granted (lease_granted_ms), else the task's own (a lease taken before that column existed).
     */
    public static LeasedTask leased(ResultSet rs, Long leaseOverrideMillis) throws SQLException {
        TaskInfo task = task(rs);
        Long granted = nullableLong(rs, "lease_granted_ms");
        long millis =
                leaseOverrideMillis != null ? leaseOverrideMillis : granted != null ? granted : rs.getLong("lease_ms");
        Lease lease = new Lease(
                task.id(),
                task.leaseOwner(),
                rs.getString("lease_token"),
                task.leaseExpiresAt(),
                Duration.ofMillis(millis));
        return new LeasedTask(task, lease, nullableInt(rs, "granted_units"));
    }

    public static JobInfo job(ResultSet rs) throws SQLException {
        String outcome = rs.getString("outcome");
        return new JobInfo(
                rs.getLong("id"),
                rs.getString("type"),
                rs.getString("title"),
                emptyToNull(rs.getString("owner")),
                rs.getInt("priority"),
                instant(rs, "deadline"),
                JobState.parse(rs.getString("state")),
                outcome == null ? null : Outcome.parse(outcome),
                rs.getString("info"),
                rs.getInt("total"),
                rs.getInt("succeeded"),
                rs.getInt("failed"),
                rs.getInt("cancelled"),
                instant(rs, "created_at"),
                instant(rs, "finished_at"));
    }

    public static Instant instant(ResultSet rs, String column) throws SQLException {
        long millis = rs.getLong(column);
        return rs.wasNull() ? null : Instant.ofEpochMilli(millis);
    }

    public static Integer nullableInt(ResultSet rs, String column) throws SQLException {
        int value = rs.getInt(column);
        return rs.wasNull() ? null : value;
    }

    public static Long nullableLong(ResultSet rs, String column) throws SQLException {
        long value = rs.getLong(column);
        return rs.wasNull() ? null : value;
    }

    static String emptyToNull(String text) {
        return text == null || text.isEmpty() ? null : text;
    }
}
