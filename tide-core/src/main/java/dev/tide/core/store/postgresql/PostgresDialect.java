package dev.tide.core.store.postgresql;

import dev.tide.api.JsonPath;
import dev.tide.api.Lease;
import dev.tide.core.store.LeaseExtension;
import dev.tide.core.store.Settlement;
import dev.tide.core.store.TaskRow;
import dev.tide.core.store.jdbc.Conditions;
import dev.tide.core.store.jdbc.Dialect;
import dev.tide.core.store.jdbc.Placement;
import dev.tide.core.store.jdbc.SettledRow;
import dev.tide.core.store.jdbc.Tx;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.Collection;
import java.util.List;
import java.util.OptionalLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** PostgreSQL binds lists as arrays ({@code text[]}, {@code bigint[]}), read in SQL with {@code = ANY(...)}. */
final class PostgresDialect implements Dialect {
    private static final Pattern PLAN_ROWS = Pattern.compile("\"Plan Rows\":\\s*([0-9.eE+]+)");

    /** SQLSTATE of a unique-constraint violation. */
    static final String UNIQUE_VIOLATION = "23505";

    @Override
    public String name() {
        return "postgresql";
    }

    @Override
    public void bindTexts(PreparedStatement ps, int index, Collection<String> values) throws SQLException {
        ps.setArray(index, ps.getConnection().createArrayOf("text", values.toArray(String[]::new)));
    }

    @Override
    public void bindLongs(PreparedStatement ps, int index, Collection<Long> values) throws SQLException {
        ps.setArray(index, ps.getConnection().createArrayOf("int8", values.toArray(Long[]::new)));
    }

    @Override
    public boolean isUniqueViolation(SQLException e) {
        return UNIQUE_VIOLATION.equals(e.getSQLState());
    }

    /**
     * Each (type, hour) of the statistics spreads over this many rows, summed on read, so that workers settling tasks of
     * one type at once seldom wait on each other's row lock until commit.
     */
    static final int STATS_SLOTS = 8;

    @Override
    public int statsSlot() {
        return (int) (Thread.currentThread().threadId() % STATS_SLOTS);
    }

    @Override
    public boolean skipsLockedRows() {
        return true;
    }

    @Override
    public List<Long> insertTasks(Tx tx, List<TaskRow> rows, List<Placement> placements) throws SQLException {
        return PostgresBulk.insertTasks(tx, rows, placements);
    }

    @Override
    public List<SettledRow> settleInBulk(Tx tx, List<Settlement> settlements, Instant now) throws SQLException {
        return PostgresBulk.settle(tx, settlements, now);
    }

    /**
     * Advisory locks, held to the end of the transaction, on the keys and bounded queues an enqueue coalesces on or
     * counts: under READ COMMITTED the lookups and counts that follow each see everything the previous holder
     * committed. Enqueues that touch neither take no lock.
     */
    @Override
    public void lockScopes(Tx tx, List<String> scopes) throws SQLException {
        tx.prepare("scope_lock").setTexts("scopes", scopes).query().close();
    }

    @Override
    public boolean extendsLeasesInBulk() {
        return true;
    }

    @Override
    public List<Lease> extendLeases(Tx tx, LeaseExtension extension) throws SQLException {
        return PostgresBulk.extendLeases(tx, extension);
    }

    /** ILIKE, which the trigram index on {@code message} serves (V021), when {@code pg_trgm} was available. */
    @Override
    public String containsIgnoringCase(String column) {
        return column + " ILIKE ? ESCAPE '\\'";
    }

    /** jsonb equality: numbers compare by value (42 and 42.0 alike). */
    @Override
    public String jsonEquals(String column) {
        return "(" + column + "::jsonb #> ?::text[]) IN (?::jsonb, ?::jsonb)";
    }

    /** As tide_tasks_list_payload indexes it: the same expression, {@code payload::jsonb}. */
    @Override
    public String jsonContains(String column) {
        return "(" + column + "::jsonb @> ?::jsonb OR " + column + "::jsonb @> ?::jsonb)";
    }

    @Override
    public String jsonPath(JsonPath path) {
        return path.pgArray();
    }

    /** The top plan node's row estimate: what the planner expects from its statistics, without reading the rows. */
    @Override
    public OptionalLong rowEstimate(Tx tx, String select, Conditions.Where where) throws SQLException {
        try (PreparedStatement ps = tx.prepareDynamic("EXPLAIN (FORMAT JSON) " + select)) {
            where.bind(ps, 1);
            try (ResultSet rs = ps.executeQuery()) {
                Matcher m = rs.next() ? PLAN_ROWS.matcher(rs.getString(1)) : null;
                return m != null && m.find()
                        ? OptionalLong.of((long) Double.parseDouble(m.group(1)))
                        : OptionalLong.empty();
            }
        }
    }

    @Override
    public String explainPrefix() {
        return "EXPLAIN ";
    }

    @Override
    public String planColumn() {
        return "QUERY PLAN";
    }

    @Override
    public boolean provesIndexPredicates() {
        return true;
    }
}
