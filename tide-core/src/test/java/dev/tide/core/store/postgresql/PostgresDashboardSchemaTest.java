package dev.tide.core.store.postgresql;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tide.core.Tide;
import dev.tide.core.TideConfig;
import dev.tide.core.store.contract.DashboardSchemaContract;
import dev.tide.core.testing.PostgresSchema;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The dashboard's schema on PostgreSQL: after ANALYZE, {@code EXPLAIN} of its list queries shows no sequential scan of
 * the table; V023 fills the actor column of older events.
 */
class PostgresDashboardSchemaTest extends DashboardSchemaContract {
    @RegisterExtension
    static final PostgresSchema schema = PostgresSchema.perClass("read_plans");

    @Override
    protected Tide open() {
        // maintenance off: its pruning would remove the old events the migration test writes
        return Tide.builder()
                .postgres(schema.url())
                .config(TideConfig.defaults().withMaintenanceInterval(null))
                .build();
    }

    @Override
    protected Connection connect() throws SQLException {
        open().close(); // migrated
        return DriverManager.getConnection(schema.url());
    }

    @Override
    protected List<String> plan(Connection c, String sql, PreparedStatementBinder bind) throws SQLException {
        List<String> plan = new ArrayList<>();
        try (PreparedStatement ps = c.prepareStatement("EXPLAIN " + sql)) {
            bind.bind(ps);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    plan.add(rs.getString(1));
                }
            }
        }
        return plan;
    }

    @Override
    protected void assertNoFullScan(List<String> plan, String table, String what) {
        assertThat(String.join("\n", plan)).as(what).contains("Index").doesNotContain("Seq Scan on " + table);
    }
}
