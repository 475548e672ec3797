package dev.tide.core.joined;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import dev.tide.api.NewTask;
import dev.tide.core.Tide;
import dev.tide.core.TideConfig;
import dev.tide.core.store.postgresql.PostgresOptions;
import java.sql.Connection;
import java.util.Map;

/**
 * The application of {@link JoinedCrashTest}, in a process of its own: writes its row and enqueues in one
 * transaction, says so, then commits ({@code commit}) or waits to be killed ({@code hang}).
 *
 * <p>Arguments: JDBC URL without Tide's schema, Tide's schema, the application's table, the order id, the mode.
 */
public final class JoinedCrashChild {
    private JoinedCrashChild() {}

    public static void main(String[] args) throws Exception {
        String url = args[0];
        String schema = args[1];
        String table = args[2];
        long order = Long.parseLong(args[3]);
        boolean commit = args[4].equals("commit");
        HikariConfig config = new HikariConfig();
        config.setJdbcUrl(url);
        config.setMaximumPoolSize(4);
        try (HikariDataSource pool = new HikariDataSource(config);
                Tide tide = Tide.builder()
                        .postgres(pool, PostgresOptions.defaults().withSchema(schema))
                        .config(TideConfig.defaults().withMaintenanceInterval(null))
                        .build();
                Connection c = pool.getConnection()) {
            c.setAutoCommit(false);
            try (var ps = c.prepareStatement("INSERT INTO " + table + " (id) VALUES (?)")) {
                ps.setLong(1, order);
                ps.executeUpdate();
            }
            tide.joining(c)
                    .enqueue(NewTask.builder("ship")
                            .payload(Map.of("order", order))
                            .build());
            System.out.println("WRITTEN");
            System.out.flush();
            if (commit) {
                c.commit();
                System.out.println("COMMITTED");
                System.out.flush();
                return;
            }
            Thread.sleep(120_000); // killed before this ends: the transaction never commits
        }
    }
}
