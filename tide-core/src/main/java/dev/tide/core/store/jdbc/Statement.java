package dev.tide.core.store.jdbc;

import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;
import java.time.Instant;
import java.util.Collection;

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
