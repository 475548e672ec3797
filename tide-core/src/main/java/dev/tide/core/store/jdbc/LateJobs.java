package dev.tide.core.store.jdbc;

import dev.tide.core.dispatch.DispatchKey;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * Seed 000's late jobs: when an open job is past its deadline, "the queue system processes the late job and the next
 * items in the queue simultaneously". Its waiting tasks in ordered queues move to the queue's late lane (their key
 * behind {@link DispatchKey#LATE_LANE}, in the order they had), and claims serve that lane and the tasks on time by
 * turns ({@link LateLaneTurns}): the late job no longer holds up the jobs after it, and they do not starve it. Tasks a
 * late job gets later are placed in the lane when they are inserted.
 */
final class LateJobs {
    private static final int JOBS_PER_BATCH = 10;

    private LateJobs() {}

    /** Moves up to {@code limit} tasks of late jobs; a job whose tasks have all moved is marked. Returns how many. */
    static int move(Tx tx, Instant now, int limit) throws SQLException {
        List<Long> jobs = new ArrayList<>();
        try (ResultSet rs = tx.prepare("job_late_due")
                .set("now", now)
                .set("limit", (long) JOBS_PER_BATCH)
                .query()) {
            while (rs.next()) {
                jobs.add(rs.getLong("id"));
            }
        }
        int moved = 0;
        for (long job : jobs) {
            int room = limit - moved;
            if (room == 0) {
                break;
            }
            int n = tx.prepare("task_late_move")
                    .set("late_lane", DispatchKey.LATE_LANE)
                    .set("job_id", job)
                    .set("limit", (long) room)
                    .update();
            moved += n;
            if (n < room) {
                tx.prepare("job_late_mark").set("now", now).set("id", job).update();
            }
        }
        return moved;
    }
}
