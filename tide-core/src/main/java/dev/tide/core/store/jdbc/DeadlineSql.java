package dev.tide.core.store.jdbc;

import dev.tide.core.store.DeadlineDue;
import dev.tide.core.store.DeadlineRaise;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** The deadline monitor's statements: due rows and the next deadline from the deadline indexes, and marking notices. */
final class DeadlineSql {
    private DeadlineSql() {}

    static List<DeadlineDue> taskDue(Tx tx, int raised, Instant until, int limit) throws SQLException {
        List<DeadlineDue> due = new ArrayList<>();
        try (ResultSet rs = tx.prepare("task_deadline_due")
                .set("notice", (long) raised)
                .set("until", until)
                .set("limit", (long) limit)
                .query()) {
            while (rs.next()) {
                due.add(new DeadlineDue(
                        rs.getLong("id"),
                        Rows.nullableLong(rs, "job_id"),
                        rs.getString("type"),
                        rs.getString("job_type"),
                        rs.getString("queue"),
                        rs.getString("owner"),
                        Rows.instant(rs, "deadline"),
                        rs.getInt("deadline_notice")));
            }
        }
        return due;
    }

    static List<DeadlineDue> jobDue(Tx tx, int raised, Instant until, int limit) throws SQLException {
        List<DeadlineDue> due = new ArrayList<>();
        try (ResultSet rs = tx.prepare("job_deadline_due")
                .set("notice", (long) raised)
                .set("until", until)
                .set("limit", (long) limit)
                .query()) {
            while (rs.next()) {
                String type = rs.getString("type");
                due.add(new DeadlineDue(
                        null,
                        rs.getLong("id"),
                        type,
                        type,
                        null,
                        rs.getString("owner"),
                        Rows.instant(rs, "deadline"),
                        rs.getInt("deadline_notice")));
            }
        }
        return due;
    }

    static Optional<Instant> next(Tx tx, int raised) throws SQLException {
        Optional<Instant> task = first(tx, "task_deadline_next", raised);
        Optional<Instant> job = first(tx, "job_deadline_next", raised);
        if (task.isEmpty()) {
            return job;
        }
        return job.isPresent() && job.get().isBefore(task.get()) ? job : task;
    }

    private static Optional<Instant> first(Tx tx, String statement, int raised) throws SQLException {
        try (ResultSet rs = tx.prepare(statement).set("notice", (long) raised).query()) {
            return rs.next() ? Optional.ofNullable(Rows.instant(rs, "deadline")) : Optional.empty();
        }
    }

    /** Moves the task or job to the raise's level unless another node did first or it ended; returns whether. */
    static boolean mark(Tx tx, DeadlineRaise raise) throws SQLException {
        boolean task = !raise.notice().aboutJob();
        return tx.prepare(task ? "task_deadline_mark" : "job_deadline_mark")
                        .set("raised", (long) raise.raisedAfter())
                        .set("notice", (long) raise.raisedBefore())
                        .set(
                                "id",
                                task ? raise.notice().taskId() : raise.notice().jobId())
                        .update()
                == 1;
    }
}
