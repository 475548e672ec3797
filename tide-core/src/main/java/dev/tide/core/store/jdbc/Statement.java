package dev.tide.core.store.jdbc;

import java.sql.Array;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;
import java.time.Instant;
import java.util.Collection;
import java.util.Set;

/**
 * A prepared {@link NamedSql} whose parameters are set by name. Instants are stored as epoch milliseconds in both
 * dialects, so ordering and arithmetic on them are the same everywhere.
 */
public final class Statement {
    private final NamedSql sql;
    private final PreparedStatement ps;
    private final Dialect dialect;

    Statement(NamedSql sql, PreparedStatement ps, Dialect dialect) {
        this.sql = sql;
        this.ps = ps;
        this.dialect = dialect;
    }

    public PreparedStatement raw() {
        return ps;
    }

    public Statement set(String name, String value) throws SQLException {
        for (int i : positions(name)) {
            if (value == null) {
                ps.setNull(i, Types.VARCHAR);
            } else {
                ps.setString(i, value);
            }
        }
        return this;
    }

    public Statement set(String name, long value) throws SQLException {
        for (int i : positions(name)) {
            ps.setLong(i, value);
        }
        return this;
    }

    public Statement set(String name, double value) throws SQLException {
        for (int i : positions(name)) {
            ps.setDouble(i, value);
        }
        return this;
    }

    public Statement set(String name, Long value) throws SQLException {
        for (int i : positions(name)) {
            if (value == null) {
                ps.setNull(i, Types.BIGINT);
            } else {
                ps.setLong(i, value);
            }
        }
        return this;
    }

    public Statement set(String name, Instant value) throws SQLException {
        return set(name, value == null ? null : (Long) value.toEpochMilli());
    }

    public Statement set(String name, byte[] value) throws SQLException {
        for (int i : positions(name)) {
            if (value == null) {
                ps.setNull(i, Types.BINARY);
            } else {
                ps.setBytes(i, value);
            }
        }
        return this;
    }

    /** A list of texts as one parameter (a JSON array on SQLite, a text[] on PostgreSQL). */
    public Statement setTexts(String name, Collection<String> values) throws SQLException {
        for (int i : positions(name)) {
            dialect.bindTexts(ps, i, values);
        }
        return this;
    }

    /** A list of numbers as one parameter (a JSON array on SQLite, a bigint[] on PostgreSQL). */
    public Statement setLongs(String name, Collection<Long> values) throws SQLException {
        for (int i : positions(name)) {
            dialect.bindLongs(ps, i, values);
        }
        return this;
    }

    /**
     * A list of any element type as one SQL array parameter, for dialects that have arrays (PostgreSQL's bulk
     * statements); {@code sqlElementType} is the database's name for the element type, e.g. {@code "int8"}.
     */
    public Statement setArray(String name, String sqlElementType, Object[] values) throws SQLException {
        Array array = ps.getConnection().createArrayOf(sqlElementType, values);
        for (int i : positions(name)) {
            ps.setArray(i, array);
        }
        return this;
    }

    /**
     * Sets a parameter from a plain Java value: text, a number, bytes, an instant, a list of texts or numbers, or null
     * (sent without a type). For diagnostics that bind values they did not prepare for, such as EXPLAIN.
     */
    public Statement setValue(String name, Object value) throws SQLException {
        return switch (value) {
            case null -> {
                for (int i : positions(name)) {
                    ps.setNull(i, Types.NULL);
                }
                yield this;
            }
            case String text -> set(name, text);
            case Number number -> set(name, number.longValue());
            case byte[] bytes -> set(name, bytes);
            case Instant instant -> set(name, instant);
            case Collection<?> list
            when list.stream().allMatch(Number.class::isInstance) ->
                setLongs(name, list.stream().map(n -> ((Number) n).longValue()).toList());
            case Collection<?> list ->
                setTexts(name, list.stream().map(String::valueOf).toList());
            default ->
                throw new IllegalArgumentException(
                        "cannot bind a " + value.getClass().getName() + " to :" + name);
        };
    }

    /** The names of the statement's parameters. */
    public Set<String> parameterNames() {
        return sql.parameterNames();
    }

    public ResultSet query() throws SQLException {
        return ps.executeQuery();
    }

    public int update() throws SQLException {
        return ps.executeUpdate();
    }

    public void addBatch() throws SQLException {
        ps.addBatch();
    }

    public int[] executeBatch() throws SQLException {
        return ps.executeBatch();
    }

    private int[] positions(String name) {
        return sql.positions(name);
    }
}
