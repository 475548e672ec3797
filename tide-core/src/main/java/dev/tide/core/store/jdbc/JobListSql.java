package dev.tide.core.store.jdbc;

import dev.tide.api.InvalidRequestException;
import dev.tide.api.JobQuery;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;

/**
 * The jobs list, built from a {@link JobQuery} in SQL both dialects accept: newest first, keyset pages by id, as
 * {@link TaskListSql} pages tasks. Each filter has an index ending in id ({@code tide_jobs_state}, {@code _type},
 * {@code _owner}, V023), so a page is one range walked backwards; overdue jobs are open ones ({@code tide_jobs_state})
 * whose deadline has passed.
 *
 * <p>A cursor is {@code <id>:<digest>}, the digest binding it to its listing as {@link TaskListSql}'s does: the first 8
 * bytes (hex) of SHA-256 over the filters, owner included, so one user's cursor cannot page through another's listing.
 * The overdue filter's clock is not part of it: a later page reads the deadlines passed by then.
 */
public final class JobListSql {
    private final String sql;
    private final List<Object> params;

    private JobListSql(String sql, List<Object> params) {
        this.sql = sql;
        this.params = params;
    }

    public static JobListSql of(JobQuery q, Instant now) {
        StringBuilder where = new StringBuilder("id < ?");
        List<Object> params = new ArrayList<>();
        params.add(q.cursor() == null ? Long.MAX_VALUE : decode(q.cursor(), digest(q)));
        add(where, params, "state = ?", q.state() == null ? null : q.state().wireName());
        add(where, params, "type = ?", q.type());
        add(where, params, "owner = ?", q.owner());
        if (q.deadlinePassed()) {
            where.append(" AND state = 'open' AND deadline IS NOT NULL AND deadline < ?");
            params.add(now.toEpochMilli());
        }
        params.add((long) q.limit() + 1);
        return new JobListSql("SELECT * FROM tide_jobs WHERE " + where + " ORDER BY id DESC LIMIT ?", params);
    }

    public String sql() {
        return sql;
    }

    public void bind(PreparedStatement ps) throws SQLException {
        for (int i = 0; i < params.size(); i++) {
            if (params.get(i) instanceof Long l) {
                ps.setLong(i + 1, l);
            } else {
                ps.setString(i + 1, (String) params.get(i));
            }
        }
    }

    private static void add(StringBuilder where, List<Object> params, String clause, Object value) {
        if (value != null) {
            where.append(" AND ").append(clause);
            params.add(value);
        }
    }

    /** The cursor of listing {@code q} pointing after the job with this id. */
    public static String encode(JobQuery q, long id) {
        return id + ":" + digest(q);
    }

    /** A malformed cursor and one of another listing (other filters, another owner) answer alike. */
    private static long decode(String cursor, String digest) {
        String[] parts = cursor.split(":", -1);
        if (parts.length == 2 && parts[1].equals(digest)) {
            try {
                return Long.parseLong(parts[0]);
            } catch (NumberFormatException e) {
                // answered below
            }
        }
        throw new InvalidRequestException(
                "cursor", "is not a cursor of this listing: pass the nextCursor of the previous page, same filters");
    }

    /** What makes a listing one: its filters (not its page size). */
    private static String digest(JobQuery q) {
        String listing = String.join(
                "\0",
                "jobs",
                q.state() == null ? "-" : q.state().wireName(),
                String.valueOf(q.type()),
                String.valueOf(q.owner()),
                String.valueOf(q.deadlinePassed()));
        try {
            byte[] hash = MessageDigest.getInstance("SHA-256").digest(listing.getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(hash, 0, 8);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java platform has SHA-256", e);
        }
    }
}
