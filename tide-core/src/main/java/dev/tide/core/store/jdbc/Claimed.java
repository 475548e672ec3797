package dev.tide.core.store.jdbc;

import dev.tide.api.LeasedTask;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.Arrays;
import java.util.Comparator;

/**
 * A task a claim leased: its id and key, and the task itself where the claim statement reads it whole; what it
 * costs (type, job type, units) for profiles, and the grant a profile gave it.
 */
public record Claimed(
        long id, byte[] key, LeasedTask task, String type, String jobType, int units, boolean divisible, Grant grant) {
    static final Comparator<Claimed> IN_DISPATCH_ORDER = (a, b) -> {
        int byKey = Arrays.compareUnsigned(a.key, b.key);
        return byKey != 0 ? byKey : Long.compare(a.id, b.id);
    };

    /** The units a profile granted a task, and the hour they count in. */
    public record Grant(String profileKey, Instant hour, int units) {}

    /** A row of a claim statement's answer; {@code task} when the statement reads the task whole. */
    public static Claimed read(ResultSet rs, LeasedTask task) throws SQLException {
        return new Claimed(
                rs.getLong("id"),
                rs.getBytes("dispatch_key"),
                task,
                rs.getString("type"),
                rs.getString("job_type"),
                rs.getInt("units"),
                rs.getInt("divisible") != 0,
                null);
    }

    Claimed granted(Grant newGrant) {
        LeasedTask withBudget = task == null ? null : new LeasedTask(task.task(), task.lease(), newGrant.units());
        return new Claimed(id, key, withBudget, type, jobType, units, divisible, newGrant);
    }
}
