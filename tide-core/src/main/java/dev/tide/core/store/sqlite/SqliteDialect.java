package dev.tide.core.store.sqlite;

import dev.tide.api.json.Json;
import dev.tide.core.store.jdbc.Dialect;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.Collection;

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
        ps.setString(index, Json.write(values));
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
}
