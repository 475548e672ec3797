package dev.tide.campus.enroll;

import dev.tide.campus.mail.SmtpSettings;
import dev.tide.core.Tide;
import dev.tide.core.TideBuilder;
import dev.tide.core.TideConfig;
import dev.tide.core.store.sqlite.SqliteStore;
import dev.tide.core.time.ManualClock;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;

/**
 * The campus application's worker process of {@link EnrollmentCrashContract}, in a JVM of its own: opens the store,
 * defines the import (as every start does) and works its tasks with {@link #WORKERS} workers, mailing through the
 * test's SMTP server, until it is killed.
 *
 * <p>Arguments: the store's kind and location ({@link Store#args()}), the upload folder, the SMTP port, the instant
 * its clock stands at.
 */
public final class EnrollmentCrashChild {
    /** The node name of every worker process: stable across restarts, so a restart releases the dead one's leases. */
    static final String NODE = "campus-worker";

    static final int WORKERS = 4;
    static final String SENDER = "enrollment@campus.test";

    private EnrollmentCrashChild() {}

    public static void main(String[] args) throws Exception {
        Store store = new Store(args[0], args[1]);
        Path uploads = Path.of(args[2]);
        int smtpPort = Integer.parseInt(args[3]);
        Instant now = Instant.parse(args[4]);
        Tide tide = store.on(Tide.builder())
                .clock(new ManualClock(now))
                .config(TideConfig.defaults().withNodeName(NODE))
                .build();
        CampusEnrollment enrollment = enrollment(tide, uploads, smtpPort);
        enrollment.define();
        enrollment
                .workerPool()
                .concurrency(WORKERS)
                .pollWait(Duration.ofMillis(50))
                .start();
        System.out.println("WORKING");
        System.out.flush();
        Thread.sleep(Duration.ofMinutes(2)); // killed long before, or its parent has gone
        System.exit(3);
    }

    /** The import as the worker processes and the test build it. */
    static CampusEnrollment enrollment(Tide tide, Path uploads, int smtpPort) {
        return new CampusEnrollment(tide, new UploadFolder(uploads), SmtpSettings.of("127.0.0.1", smtpPort, SENDER));
    }

    /**
     * A store the test and its worker processes open, each in turn (SQLite's folder admits one process at a time).
     *
     * @param kind {@code sqlite} or {@code postgres}
     * @param location the SQLite data folder, or the PostgreSQL JDBC URL (its schema in {@code currentSchema})
     */
    record Store(String kind, String location) {
        static Store sqlite(Path folder) {
            return new Store("sqlite", folder.toString());
        }

        static Store postgres(String url) {
            return new Store("postgres", url);
        }

        TideBuilder on(TideBuilder builder) {
            return switch (kind) {
                case "sqlite" -> builder.sqlite(Path.of(location));
                case "postgres" -> builder.postgres(location);
                default -> throw new IllegalArgumentException("store kind " + kind + ": expected sqlite or postgres");
            };
        }

        /** A plain JDBC URL of the database, for reading the application's tables beside a running worker. */
        String jdbcUrl() {
            return kind.equals("sqlite") ? "jdbc:sqlite:" + Path.of(location).resolve(SqliteStore.FILE_NAME) : location;
        }

        List<String> args() {
            return List.of(kind, location);
        }
    }
}
