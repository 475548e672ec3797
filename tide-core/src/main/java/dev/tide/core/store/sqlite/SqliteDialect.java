package dev.tide.core.store.sqlite;

import dev.tide.api.JsonPath;
import dev.tide.api.json.Json;
import dev.tide.core.store.Settlement;
import dev.tide.core.store.TaskRow;
import dev.tide.core.store.jdbc.Dialect;
import dev.tide.core.store.jdbc.Placement;
import dev.tide.core.store.jdbc.SettledRow;
import dev.tide.core.store.jdbc.Tx;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.time.Instant;
import java.util.Collection;
import java.util.List;

/** SQLite binds lists as a JSON array, read in SQL with {@code json_each}. */
final class SqliteDialect implements Dialect {
    @Override
    public String name() {
        return "sqlite";
    }

    @Override
    public void bindTexts(PreparedStatement ps, int index, Collection<String> values) throws SQLException {
        ps.setString(index, Json.write(values));
    }

    @Override
    public void bindLongs(PreparedStatement ps, int index, Collection<Long> values) throws SQLException {
        // written out by hand: every claim and acknowledgement binds its ids this way, on the single writer thread
        StringBuilder json = new StringBuilder(values.size() * 8 + 2).append('[');
        for (Long value : values) {
            if (json.length() > 1) {
                json.append(',');
            }
            json.append(value); // a null id as JSON null, as before
        }
        ps.setString(index, json.append(']').toString());
    }

    @Override
    public boolean isUniqueViolation(SQLException e) {
        String message = e.getMessage();
        return message != null && message.contains("UNIQUE constraint failed");
    }

    @Override
    public boolean skipsLockedRows() {
        return false;
    }

    @Override
    public List<Long> insertTasks(Tx tx, List<TaskRow> rows, List<Placement> placements) throws SQLException {
        return SqliteBulk.insertTasks(tx, rows, placements);
    }

    @Override
    public List<SettledRow> settleInBulk(Tx tx, List<Settlement> settlements, Instant now) throws SQLException {
        return SqliteBulk.settle(tx, settlements, now);
    }

    @Override
    public boolean singleWriter() {
        return true;
    }

    /** SQLite's LIKE ignores the case of ASCII letters (its default, {@code case_sensitive_like} off). */
    @Override
    public String containsIgnoringCase(String column) {
        return column + " LIKE ? ESCAPE '\\'";
    }

    /** {@code ->} answers the value's JSON text, compact as payloads are kept. */
    @Override
    public String jsonEquals(String column) {
        return "(" + column + " -> ?) IN (?, ?)";
    }

    @Override
    public String jsonPath(JsonPath path) {
        return path.text();
    }

    @Override
    public String explainPrefix() {
        return "EXPLAIN QUERY PLAN ";
    }

    @Override
    public String planColumn() {
        return "detail";
    }
}
