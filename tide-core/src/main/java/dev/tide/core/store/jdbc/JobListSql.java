package dev.tide.core.store.jdbc;

import dev.tide.api.JobQuery;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.time.Instant;

/**
 * The jobs list, built from a {@link JobQuery} in SQL both dialects accept: newest first, keyset pages by id, as
 * {@link TaskListSql} pages tasks. Each filter has an index ending in id ({@code tide_jobs_state}, {@code _type},
 * {@code _owner}, V023), so a page is one range walked backwards; overdue jobs are open ones ({@code tide_jobs_state})
 * whose deadline has passed.
 *
 * <p>A cursor is {@code <id>:<digest>} ({@link ListCursor}), bound to its listing as {@link TaskListSql}'s is. The
 * overdue filter's clock is not part of it: a later page reads the deadlines passed by then.
 */
public final class JobListSql {
    private final String sql;
    private final Conditions.Where where;
    private final long limit;

    private JobListSql(String sql, Conditions.Where where, long limit) {
        this.sql = sql;
        this.where = where;
        this.limit = limit;
    }

    public static JobListSql of(JobQuery q, Instant now) {
        long after = q.cursor() == null ? Long.MAX_VALUE : ListCursor.decode(q.cursor(), digest(q), 1)[0];
        Conditions c = new Conditions()
                .add("id < ?", after)
                .addIf("state = ?", q.state() == null ? null : q.state().wireName())
                .addIf("type = ?", q.type())
                .addIf("owner = ?", q.owner());
        if (q.deadlinePassed()) {
            c.add("state = 'open' AND deadline IS NOT NULL AND deadline < ?", now.toEpochMilli());
        }
        Conditions.Where where = c.where();
        return new JobListSql(
                "SELECT * FROM tide_jobs WHERE " + where.sql() + " ORDER BY id DESC LIMIT ?", where, q.limit() + 1L);
    }

    public String sql() {
        return sql;
    }

    public void bind(PreparedStatement ps) throws SQLException {
        ps.setLong(where.bind(ps, 1), limit);
    }

    /** The cursor of listing {@code q} pointing after the job with this id. */
    public static String encode(JobQuery q, long id) {
        return ListCursor.encode(digest(q), id);
    }

    /** What makes a listing one: its filters (not its page size). */
    private static String digest(JobQuery q) {
        return ListCursor.digest(
                "jobs",
                q.state() == null ? "-" : q.state().wireName(),
                String.valueOf(q.type()),
                String.valueOf(q.owner()),
                String.valueOf(q.deadlinePassed()));
    }
}
