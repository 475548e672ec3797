package dev.tide.core.store.jdbc;

import dev.tide.api.InvalidRequestException;
import dev.tide.api.TaskQuery;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;

/**
 * The browse query, built from a {@link TaskQuery} in SQL both dialects accept. Pages are keyset pages: the cursor
 * holds the last row's sort value and id, so a page costs the same however deep it is, and rows added meanwhile neither
 * repeat nor vanish.
 *
 * <p>A cursor is {@code <sortValue>:<id>:<digest>}, the digest binding it to its listing: the first 8 bytes (hex) of
 * SHA-256 over the listing's filters and order, owner included. A cursor is taken only by the listing that issued it,
 * so one user's cursor cannot page through another's listing, nor can it be made up to probe positions.
 */
public final class TaskListSql {
    private static final String NULL_LAST = "9223372036854775807";

    private final String sql;
    private final List<Object> params;
    private final Filter filter;

    private TaskListSql(String sql, List<Object> params, Filter filter) {
        this.sql = sql;
        this.params = params;
        this.filter = filter;
    }

    /**
     * A query's filters alone, without cursor, order or limit: a condition on {@code tide_tasks} (unqualified column
     * names) and its {@code ?} parameters in order, for statements that act on every matching task (bulk actions).
     */
    public record Filter(String where, List<Object> params) {
        /** Binds the parameters from position {@code first} on; answers the next free position. */
        public int bind(PreparedStatement ps, int first) throws SQLException {
            int i = first;
            for (Object p : params) {
                switch (p) {
                    case Long l -> ps.setLong(i, l);
                    case String text -> ps.setString(i, text);
                    default -> ps.setObject(i, p);
                }
                i++;
            }
            return i;
        }
    }

    /** The filters of {@code q} alone ({@link Filter}). */
    public static Filter filterOf(TaskQuery q) {
        return of(q.withCursor(null)).filter;
    }

    public static TaskListSql of(TaskQuery q) {
        StringBuilder where = new StringBuilder("1 = 1");
        List<Object> params = new ArrayList<>();
        add(where, params, "queue = ?", q.queue());
        add(where, params, "state = ?", q.state() == null ? null : q.state().wireName());
        add(
                where,
                params,
                "outcome = ?",
                q.outcome() == null ? null : q.outcome().wireName());
        add(where, params, "type = ?", q.type());
        add(where, params, "job_id = ?", q.jobId());
        add(where, params, "owner = ?", q.owner());
        add(where, params, "lease_owner = ?", q.leaseOwner());
        if (q.errorsOnly()) {
            where.append(" AND (outcome = 'failed' OR (state <> 'finished' AND message IS NOT NULL))");
        }
        String expr = sortExpression(q.sort());
        String dir = q.descending() ? "DESC" : "ASC";
        Filter filter = new Filter(where.toString(), List.copyOf(params));
        if (q.cursor() != null) {
            long[] position = decode(q.cursor(), digest(q));
            where.append(" AND (")
                    .append(expr)
                    .append(", id) ")
                    .append(q.descending() ? "<" : ">")
                    .append(" (?, ?)");
            params.add(position[0]);
            params.add(position[1]);
        }
        String sql = "SELECT *, " + expr + " AS sort_value FROM tide_tasks WHERE " + where + " ORDER BY " + expr + " "
                + dir + ", id " + dir + " LIMIT ?";
        params.add((long) q.limit() + 1);
        return new TaskListSql(sql, params, filter);
    }

    public String sql() {
        return sql;
    }

    public void bind(PreparedStatement ps) throws SQLException {
        for (int i = 0; i < params.size(); i++) {
            Object p = params.get(i);
            if (p instanceof Long l) {
                ps.setLong(i + 1, l);
            } else {
                ps.setString(i + 1, (String) p);
            }
        }
    }

    private static void add(StringBuilder where, List<Object> params, String clause, Object value) {
        if (value != null) {
            where.append(" AND ").append(clause);
            params.add(value);
        }
    }

    private static String sortExpression(TaskQuery.Sort sort) {
        return switch (sort) {
            case ID -> "id";
            case CREATED -> "created_at";
            case PRIORITY -> "priority";
            case DEADLINE -> "COALESCE(deadline, " + NULL_LAST + ")";
            case FINISHED -> "COALESCE(finished_at, " + NULL_LAST + ")";
        };
    }

    /** The cursor of listing {@code q} pointing after a row with this sort value and id. */
    public static String encode(TaskQuery q, long sortValue, long id) {
        return sortValue + ":" + id + ":" + digest(q);
    }

    /** A malformed cursor and one of another listing (other filters, another owner) answer alike. */
    private static long[] decode(String cursor, String digest) {
        String[] parts = cursor.split(":", -1);
        if (parts.length == 3 && parts[2].equals(digest)) {
            try {
                return new long[] {Long.parseLong(parts[0]), Long.parseLong(parts[1])};
            } catch (NumberFormatException e) {
                // answered below
            }
        }
        throw new InvalidRequestException(
                "cursor", "is not a cursor of this listing: pass the nextCursor of the previous page, same filters");
    }

    /** What makes a listing one: its filters and order (not its page size). */
    private static String digest(TaskQuery q) {
        String listing = String.join(
                "\0",
                String.valueOf(q.queue()),
                q.state() == null ? "-" : q.state().wireName(),
                q.outcome() == null ? "-" : q.outcome().wireName(),
                String.valueOf(q.type()),
                String.valueOf(q.jobId()),
                String.valueOf(q.owner()),
                String.valueOf(q.leaseOwner()),
                String.valueOf(q.errorsOnly()),
                q.sort().name(),
                String.valueOf(q.descending()));
        try {
            byte[] hash = MessageDigest.getInstance("SHA-256").digest(listing.getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(hash, 0, 8);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java platform has SHA-256", e);
        }
    }
}
