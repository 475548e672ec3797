package dev.tide.core.store.sqlite;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tide.core.Tide;
import dev.tide.core.TideConfig;
import dev.tide.core.store.contract.DashboardSchemaContract;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.io.TempDir;

/**
 * The dashboard's schema on SQLite: {@code EXPLAIN QUERY PLAN} of its list queries searches an index, never scans the
 * table; V023 fills the actor column of older events.
 */
class SqliteDashboardSchemaTest extends DashboardSchemaContract {
    @TempDir
    Path folder;

    @Override
    protected Tide open() {
        // maintenance off: its pruning would remove the old events the migration test writes
        return Tide.builder()
                .sqlite(folder)
                .config(TideConfig.defaults().withMaintenanceInterval(null))
                .build();
    }

    @Override
    protected Connection connect() throws SQLException {
        open().close(); // migrated
        return DriverManager.getConnection("jdbc:sqlite:" + folder.resolve(SqliteStore.FILE_NAME));
    }

    @Override
    protected List<String> plan(Connection c, String sql, PreparedStatementBinder bind) throws SQLException {
        List<String> plan = new ArrayList<>();
        try (PreparedStatement ps = c.prepareStatement("EXPLAIN QUERY PLAN " + sql)) {
            bind.bind(ps);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    plan.add(rs.getString("detail"));
                }
            }
        }
        return plan;
    }

    @Override
    protected void assertNoFullScan(List<String> plan, String table, String what) {
        assertThat(plan)
                .as("%s: %s", what, plan)
                .anyMatch(step -> step.startsWith("SEARCH " + table))
                .noneMatch(step -> step.startsWith("SCAN " + table));
    }
}
