package dev.tide.core.joined;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tide.api.TaskQuery;
import dev.tide.core.Tide;
import dev.tide.core.TideConfig;
import dev.tide.core.testing.PostgresSchema;
import dev.tide.core.testing.PostgresTestDatabase;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * A real application process killed (SIGKILL) between its writes and its commit loses its row and its task together;
 * one that commits keeps both.
 */
class JoinedCrashTest {
    @RegisterExtension
    static final PostgresSchema db = PostgresSchema.perClass("joined_crash");

    private Tide tide;
    private String table;

    @BeforeEach
    void open() throws Exception {
        tide = db.builder()
                .config(TideConfig.defaults().withMaintenanceInterval(null))
                .build();
        table = "public.app_crash_" + db.schema();
        sql("DROP TABLE IF EXISTS " + table);
        sql("CREATE TABLE " + table + " (id bigint PRIMARY KEY)");
    }

    @AfterEach
    void close() throws Exception {
        tide.close();
        sql("DROP TABLE IF EXISTS " + table);
    }

    @Test
    void killedBeforeItsCommitTheApplicationLosesItsRowAndItsTask() throws Exception {
        Process child = start(1, "hang");
        awaitLine(child, "WRITTEN");
        child.destroyForcibly(); // SIGKILL: no shutdown hook, no rollback from the client
        assertThat(child.waitFor(30, TimeUnit.SECONDS)).isTrue();
        assertThat(rows()).isZero();
        assertThat(tide.countTasks(TaskQuery.all().withType("ship")).value()).isZero();
    }

    @Test
    void committedTheApplicationKeepsBoth() throws Exception {
        Process child = start(2, "commit");
        awaitLine(child, "COMMITTED");
        child.destroyForcibly();
        child.waitFor(30, TimeUnit.SECONDS);
        assertThat(rows()).isEqualTo(1);
        assertThat(tide.countTasks(TaskQuery.all().withType("ship")).value()).isEqualTo(1);
    }

    private Process start(long order, String mode) throws Exception {
        List<String> command = List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx256m",
                "-XX:TieredStopAtLevel=1",
                "-cp",
                System.getProperty("java.class.path"),
                JoinedCrashChild.class.getName(),
                PostgresTestDatabase.baseUrl(),
                db.schema(),
                table,
                Long.toString(order),
                mode);
        return new ProcessBuilder(command).redirectErrorStream(true).start();
    }

    /** Reads the child's output until {@code line}; fails with what it said if it ends first. */
    private static void awaitLine(Process child, String line) throws Exception {
        StringBuilder said = new StringBuilder();
        BufferedReader out = new BufferedReader(new InputStreamReader(child.getInputStream(), StandardCharsets.UTF_8));
        for (String l; (l = out.readLine()) != null; ) {
            if (l.equals(line)) {
                return;
            }
            said.append(l).append('\n');
        }
        child.destroyForcibly();
        throw new AssertionError("the child ended before " + line + ":\n" + said);
    }

    private long rows() throws Exception {
        try (Connection c = DriverManager.getConnection(PostgresTestDatabase.baseUrl());
                Statement st = c.createStatement();
                ResultSet rs = st.executeQuery("SELECT count(*) FROM " + table)) {
            rs.next();
            return rs.getLong(1);
        }
    }

    private static void sql(String statement) throws Exception {
        try (Connection c = DriverManager.getConnection(PostgresTestDatabase.baseUrl());
                Statement st = c.createStatement()) {
            st.execute(statement);
        }
    }
}
