package dev.tide.core.store.postgresql;

import dev.tide.core.store.jdbc.Dialect;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.Collection;

/** PostgreSQL binds lists as arrays ({@code text[]}, {@code bigint[]}), read in SQL with {@code = ANY(...)}. */
final class PostgresDialect implements Dialect {
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
}
