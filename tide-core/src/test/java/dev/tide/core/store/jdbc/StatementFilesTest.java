package dev.tide.core.store.jdbc;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The shared store code names statements without knowing the dialect, so every dialect must define them all. A
 * statement named {@code sqlite_*} belongs to the SQLite store's own code and has no PostgreSQL twin.
 */
class StatementFilesTest {
    @Test
    void postgresqlDefinesEveryStatementSqliteDoes() throws IOException {
        Map<String, NamedSql> sqlite = statements("sqlite");
        Map<String, NamedSql> postgresql = statements("postgresql");
        sqlite.keySet().removeIf(name -> name.startsWith("sqlite_"));
        assertThat(postgresql.keySet()).containsAll(sqlite.keySet());
        for (String name : sqlite.keySet()) {
            assertThat(postgresql.get(name).parameterNames())
                    .as("parameters of %s", name)
                    .isEqualTo(sqlite.get(name).parameterNames());
        }
    }

    private static Map<String, NamedSql> statements(String dialect) throws IOException {
        try (InputStream in = SqlFile.class.getResourceAsStream("/dev/tide/core/store/" + dialect + "/queries.sql")) {
            return SqlFile.parse(new String(in.readAllBytes(), StandardCharsets.UTF_8));
        }
    }
}
