package dev.tide.core.store.jdbc;

import dev.tide.api.JsonPath;
import dev.tide.api.TaskQuery;
import dev.tide.api.TaskState;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The browse query, built from a {@link TaskQuery} in SQL both dialects accept. Pages are keyset pages: the cursor
 * holds the last row's sort value and id, so a page costs the same however deep it is, and rows added meanwhile neither
 * repeat nor vanish.
 *
 * <p>A cursor is {@code <sortValue>:<id>:<digest>} ({@link ListCursor}), the digest binding it to its listing (its
 * filters and order, owner included).
 *
 * <p>Filters come in two kinds. Indexed ones (queue, state, type, owner, job, time windows, and error text where a
 * trigram index serves it) bound the rows the database reads. Text ones that no index serves (error text on SQLite,
 * payload content) are matched by reading rows: such a listing reads at most {@code scanRows} rows of the indexed
 * filters, in the listing's order, and matches the text among those ({@link #scanned()}); the page it answers may be
 * short, and continues from the last row read ({@link #boundSql()}).
 *
 * <p>State and outcome are written into the SQL as literals (they are enum names, never the caller's text) so that
 * both planners may choose the partial indexes of one state ({@code tide_tasks_finished} and the like).
 */
public final class TaskListSql {
    private static final String NULL_LAST = "9223372036854775807";
    /** The states tide_tasks_list_state leaves out (V021), and its predicate. */
    private static final Set<TaskState> HOT_STATES = EnumSet.of(TaskState.READY, TaskState.LEASED);

    private static final String NOT_HOT = "state NOT IN ('ready', 'leased')";
    /**
     * Errors only: failed for good, or failing (a failed attempt's message, waiting for the next). Spelt as the
     * predicate of tide_tasks_errors (V025), term for term, so that SQLite may read that index.
     */
    private static final String ERRORS = "(outcome = 'failed' OR (state <> 'finished' AND message IS NOT NULL))";

    private static final Pattern NUMBER_OR_LITERAL =
            Pattern.compile("-?(0|[1-9][0-9]*)(\\.[0-9]+)?([eE][+-]?[0-9]+)?|true|false|null");

    private final String sql;
    private final List<Object> params;
    private final String boundSql;
    private final List<Object> boundParams;

    private TaskListSql(String sql, List<Object> params, String boundSql, List<Object> boundParams) {
        this.sql = sql;
        this.params = params;
        this.boundSql = boundSql;
        this.boundParams = boundParams;
    }

    /**
     * Which text filters an index serves, so that they bound the rows read instead of being matched row by row. The
     * payload's index is one of the list's opt-in indexes: an index of every payload costs each enqueue, so without
     * them payloads are matched by reading rows.
     *
     * @param errorTextIndexed a trigram index serves the error-text filter (PostgreSQL with {@code pg_trgm})
     * @param payloadIndexed a containment index serves the payload filter (PostgreSQL with the list's indexes)
     * @param scanRows the most rows one page reads to match unindexed text
     */
    public record Search(boolean errorTextIndexed, boolean payloadIndexed, int scanRows) {
        public Search {
            if (scanRows < 1) {
                throw new IllegalArgumentException("scanRows must be at least 1");
            }
        }
    }

    /** Every filter of {@code q} (not its cursor) as one condition: the tasks the listing matches, all of them. */
    public static Conditions.Where where(TaskQuery q, Dialect dialect) {
        Conditions c = new Conditions();
        indexed(c, q, dialect);
        errorText(c, q, dialect);
        payload(c, q, dialect);
        return c.where();
    }

    /** Every filter of {@code q} into {@code indexed} (an index bounds what it reads) or {@code text} (matched by rows). */
    private static void split(TaskQuery q, Dialect dialect, Search search, Conditions indexed, Conditions text) {
        indexed(indexed, q, dialect);
        errorText(search.errorTextIndexed() ? indexed : text, q, dialect);
        if (search.payloadIndexed()) {
            payloadContained(indexed, q, dialect);
        } else {
            payload(text, q, dialect);
        }
    }

    public static TaskListSql of(TaskQuery q, Dialect dialect, Search search) {
        Conditions indexed = new Conditions();
        Conditions text = new Conditions();
        split(q, dialect, search, indexed, text);
        String expr = sortExpression(q);
        String dir = q.descending() ? "DESC" : "ASC";
        if (q.cursor() != null) {
            long[] position = ListCursor.decode(q.cursor(), digest(q), 2);
            indexed.add("(" + expr + ", id) " + (q.descending() ? "<" : ">") + " (?, ?)", position[0], position[1]);
        }
        String order = " ORDER BY " + expr + " " + dir + ", id " + dir;
        Conditions.Where filter = indexed.where();
        Conditions.Where textFilter = text.where();
        List<Object> params = new ArrayList<>(filter.params());
        String sql;
        String boundSql = null;
        List<Object> boundParams = List.of();
        if (text.isEmpty()) {
            sql = "SELECT *, " + expr + " AS sort_value FROM tide_tasks WHERE " + filter.sql() + order + " LIMIT ?";
        } else {
            // Text no index serves: match it among the first scanRows rows of the indexed filters, read in order.
            // A subquery with a LIMIT takes no condition from outside, so both planners read it first, in order.
            sql = "SELECT * FROM (SELECT *, " + expr + " AS sort_value FROM tide_tasks WHERE " + filter.sql() + order
                    + " LIMIT ?) s WHERE " + textFilter.sql() + " ORDER BY sort_value " + dir + ", id " + dir
                    + " LIMIT ?";
            params.add((long) search.scanRows());
            params.addAll(textFilter.params());
            boundSql = "SELECT " + expr + " AS sort_value, id FROM tide_tasks WHERE " + filter.sql() + order
                    + " LIMIT 2 OFFSET ?";
            boundParams = new ArrayList<>(filter.params());
            boundParams.add((long) search.scanRows() - 1);
        }
        params.add((long) q.limit() + 1);
        return new TaskListSql(sql, params, boundSql, boundParams);
    }

    /**
     * The count of {@code q}'s matches (not its cursor): {@code n}, at most {@code cap}, from rows read in any order;
     * for unindexed text, among the first {@code scanRows} rows of the indexed filters in id order (the rows the first
     * pages read; {@link #boundSql()} answers a row when there were more).
     */
    public static TaskListSql count(TaskQuery q, Dialect dialect, Search search, int cap) {
        Conditions indexed = new Conditions();
        Conditions text = new Conditions();
        split(q, dialect, search, indexed, text);
        Conditions.Where filter = indexed.where();
        Conditions.Where textFilter = text.where();
        String idOrder = hotStateAlone(q) ? "(id + 0)" : "id";
        List<Object> params = new ArrayList<>(filter.params());
        if (text.isEmpty()) {
            params.add((long) cap);
            return new TaskListSql(
                    "SELECT COUNT(*) AS n FROM (SELECT 1 FROM tide_tasks WHERE " + filter.sql() + " LIMIT ?) c",
                    params,
                    null,
                    List.of());
        }
        params.add((long) search.scanRows());
        params.addAll(textFilter.params());
        List<Object> boundParams = new ArrayList<>(filter.params());
        boundParams.add((long) search.scanRows());
        return new TaskListSql(
                "SELECT COUNT(*) AS n FROM (SELECT message, payload FROM tide_tasks WHERE " + filter.sql()
                        + " ORDER BY " + idOrder + " LIMIT ?) s WHERE "
                        + textFilter.sql(),
                params,
                "SELECT id FROM tide_tasks WHERE " + filter.sql() + " ORDER BY " + idOrder + " LIMIT 1 OFFSET ?",
                boundParams);
    }

    public String sql() {
        return sql;
    }

    public void bind(PreparedStatement ps) throws SQLException {
        Conditions.bind(ps, 1, params);
    }

    /** Whether text is matched among a bounded number of rows read, so that a page may stop short. */
    public boolean scanned() {
        return boundSql != null;
    }

    /**
     * For a {@link #scanned()} listing: the sort value and id of the last row a page reads ({@code scanRows}-th in
     * order) and of the row after it, if any: a second row means the page stopped at its bound. For a count, the row
     * after the bound, if any.
     */
    public String boundSql() {
        return boundSql;
    }

    public void bindBound(PreparedStatement ps) throws SQLException {
        Conditions.bind(ps, 1, boundParams);
    }

    /** The filters indexes serve: each bounds the rows the database reads. */
    private static void indexed(Conditions c, TaskQuery q, Dialect dialect) {
        c.addIf("queue = ?", q.queue());
        if (q.state() != null) {
            state(c, q.state(), dialect);
        }
        if (q.outcome() != null) {
            // Only finished tasks have an outcome; saying so lets the planner read the finished tasks' indexes.
            state(c, TaskState.FINISHED, dialect);
            c.add("outcome = '" + q.outcome().wireName() + "'");
        }
        c.addIf("type = ?", q.type());
        c.addIf("job_id = ?", q.jobId());
        c.addIf("owner = ?", q.owner());
        c.addIf("lease_owner = ?", q.leaseOwner());
        if (q.errorsOnly()) {
            c.add(ERRORS);
        }
        c.addIf("created_at >= ?", millis(q.receivedFrom()));
        c.addIf("created_at < ?", millis(q.receivedTo()));
        c.addIf("run_at >= ?", millis(q.runAtFrom()));
        c.addIf("run_at < ?", millis(q.runAtTo()));
        if (q.finishedFrom() != null || q.finishedTo() != null) {
            // Only finished tasks keep a finish time; saying so lets the planner read tide_tasks_finished.
            state(c, TaskState.FINISHED, dialect);
            c.addIf("finished_at >= ?", millis(q.finishedFrom()));
            c.addIf("finished_at < ?", millis(q.finishedTo()));
        }
    }

    /**
     * With tide_tasks_list_state's predicate where it holds, for a planner that uses a partial index only when its
     * predicate is spelt in the query (SQLite); PostgreSQL proves it, and would count the repeated condition twice in
     * its estimates.
     */
    private static void state(Conditions c, TaskState state, Dialect dialect) {
        c.add("state = '" + state.wireName() + "'");
        if (!HOT_STATES.contains(state) && !dialect.provesIndexPredicates()) {
            c.add(NOT_HOT);
        }
    }

    private static void errorText(Conditions c, TaskQuery q, Dialect dialect) {
        if (q.errorText() != null) {
            c.add(dialect.containsIgnoringCase("message"), "%" + likeEscaped(q.errorText()) + "%");
        }
    }

    /** A payload in the blob store has a null payload column: it never matches. */
    private static void payload(Conditions c, TaskQuery q, Dialect dialect) {
        if (q.payloadPath() != null) {
            PayloadValue v = PayloadValue.of(q);
            c.add(dialect.jsonEquals("payload"), dialect.jsonPath(v.path()), v.asString(), v.asLiteral());
        }
    }

    /**
     * The payload filter as its containment index reads it: the payload contains the path with the value (either
     * reading of it, as {@link #payload} takes), which every match does; then the exact path, since containment also
     * takes a value at another index of an array ({@code items[0].sku} is found in {@code items[3]}).
     */
    private static void payloadContained(Conditions c, TaskQuery q, Dialect dialect) {
        if (q.payloadPath() != null) {
            PayloadValue v = PayloadValue.of(q);
            c.add(dialect.jsonContains("payload"), v.containing(v.asString()), v.containing(v.asLiteral()));
            payload(c, q, dialect);
        }
    }

    /**
     * The payload filter's path and its value read two ways: as a JSON string, and as the number or literal it spells
     * ({@code 77}, {@code true}), or the string again.
     */
    private record PayloadValue(JsonPath path, String asString, String asLiteral) {
        static PayloadValue of(TaskQuery q) {
            String asString = jsonString(q.payloadValue());
            return new PayloadValue(
                    JsonPath.parse("payloadPath", q.payloadPath()),
                    asString,
                    NUMBER_OR_LITERAL.matcher(q.payloadValue()).matches() ? q.payloadValue() : asString);
        }

        /** The smallest document holding {@code value} (JSON text) at the path: {@code {"a":[{"b":1}]}}. */
        String containing(String value) {
            String doc = value;
            List<Object> steps = path.steps();
            for (int i = steps.size() - 1; i >= 0; i--) {
                doc = steps.get(i) instanceof Integer
                        ? "[" + doc + "]"
                        : "{" + jsonString((String) steps.get(i)) + ":" + doc + "}";
            }
            return doc;
        }
    }

    private static Long millis(Instant instant) {
        return instant == null ? null : instant.toEpochMilli();
    }

    /** {@code %}, {@code _} and the escape character itself taken literally ({@code ESCAPE '\'}). */
    static String likeEscaped(String text) {
        return text.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_");
    }

    /** The value as a JSON string, in the compact form payloads are kept in. */
    private static String jsonString(String value) {
        StringBuilder out = new StringBuilder("\"");
        for (char c : value.toCharArray()) {
            switch (c) {
                case '"' -> out.append("\\\"");
                case '\\' -> out.append("\\\\");
                case '\n' -> out.append("\\n");
                case '\r' -> out.append("\\r");
                case '\t' -> out.append("\\t");
                case '\b' -> out.append("\\b");
                case '\f' -> out.append("\\f");
                default -> {
                    if (c < 0x20) {
                        out.append(String.format("\\u%04x", (int) c));
                    } else {
                        out.append(c);
                    }
                }
            }
        }
        return out.append('"').toString();
    }

    /**
     * The sort key; finish times bare where only finished tasks match (they all have one), so that the planner may
     * walk tide_tasks_finished in order.
     */
    private static String sortExpression(TaskQuery q) {
        return switch (q.sort()) {
            case ID -> hotStateAlone(q) ? "(id + 0)" : "id";
            case CREATED -> "created_at";
            case PRIORITY -> "priority";
            case DEADLINE -> "COALESCE(deadline, " + NULL_LAST + ")";
            case FINISHED -> onlyFinished(q) ? "finished_at" : "COALESCE(finished_at, " + NULL_LAST + ")";
        };
    }

    /**
     * Ready or leased tasks with no other equality filter: no index orders them by id, and walking the table in id
     * order until a page fills may read all of it. {@code id + 0} sorts alike but keeps the planners from that walk,
     * so they read the state's own index (tide_tasks_ready, tide_tasks_lease_expiry) and sort what it holds. Not so
     * with errors only: the errors' own index (tide_tasks_errors) orders them by id, and a page walks it until full.
     */
    private static boolean hotStateAlone(TaskQuery q) {
        return q.state() != null
                && HOT_STATES.contains(q.state())
                && q.queue() == null
                && q.type() == null
                && q.owner() == null
                && q.jobId() == null
                && !q.errorsOnly();
    }

    private static boolean onlyFinished(TaskQuery q) {
        return q.state() == TaskState.FINISHED
                || q.outcome() != null
                || q.finishedFrom() != null
                || q.finishedTo() != null;
    }

    /** The cursor of listing {@code q} pointing after a row with this sort value and id. */
    public static String encode(TaskQuery q, long sortValue, long id) {
        return ListCursor.encode(digest(q), sortValue, id);
    }

    /** What makes a listing one: its filters and order (not its page size). */
    private static String digest(TaskQuery q) {
        return ListCursor.digest(
                String.valueOf(q.queue()),
                q.state() == null ? "-" : q.state().wireName(),
                q.outcome() == null ? "-" : q.outcome().wireName(),
                String.valueOf(q.type()),
                String.valueOf(q.jobId()),
                String.valueOf(q.owner()),
                String.valueOf(q.leaseOwner()),
                String.valueOf(q.errorsOnly()),
                String.valueOf(q.receivedFrom()),
                String.valueOf(q.receivedTo()),
                String.valueOf(q.runAtFrom()),
                String.valueOf(q.runAtTo()),
                String.valueOf(q.finishedFrom()),
                String.valueOf(q.finishedTo()),
                String.valueOf(q.errorText()),
                String.valueOf(q.payloadPath()),
                String.valueOf(q.payloadValue()),
                q.sort().name(),
                String.valueOf(q.descending()));
    }
}
