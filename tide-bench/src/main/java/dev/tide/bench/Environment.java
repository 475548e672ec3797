package dev.tide.bench;

import com.sun.management.OperatingSystemMXBean;
import java.lang.management.ManagementFactory;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;

/** The machine and software a run measured, recorded with its figures. */
record Environment(
        Instant date,
        int cores,
        long memoryMb,
        String os,
        String javaVersion,
        String sqlite,
        String postgresql,
        Latencies fsync) {

    static Environment describe(String postgresUrl, Latencies fsync) {
        long memory = ManagementFactory.getOperatingSystemMXBean() instanceof OperatingSystemMXBean os
                ? os.getTotalMemorySize() / 1048576
                : -1;
        return new Environment(
                Instant.now(),
                Runtime.getRuntime().availableProcessors(),
                memory,
                System.getProperty("os.name") + " " + System.getProperty("os.version"),
                System.getProperty("java.vm.name") + " " + Runtime.version(),
                version("jdbc:sqlite::memory:", "SELECT sqlite_version()"),
                postgresUrl == null ? null : version(postgresUrl, "SHOW server_version"),
                fsync);
    }

    private static String version(String url, String query) {
        try (Connection c = DriverManager.getConnection(url);
                Statement st = c.createStatement();
                ResultSet rs = st.executeQuery(query)) {
            return rs.next() ? rs.getString(1) : null;
        } catch (SQLException e) {
            return "unknown (" + e.getMessage() + ")";
        }
    }
}
