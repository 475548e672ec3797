package dev.tide.campus.enroll;

import dev.tide.api.json.Json;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;

/**
 * A queued import watched from beside the worker process that runs it, through a connection of its own (on SQLite no
 * second engine may open the folder meanwhile): the rows it has written, how far its read cursor is, and whether a
 * read session is under way. Reads what is committed, so a count seen here survives a kill of the worker; the job's
 * cursor and its read task's state are read from the engine's tables, as no engine may open the store meanwhile.
 */
final class ImportWatch implements AutoCloseable {
    /** What a kill waits for. */
    enum Measure {
        /**
         * The lines read, each queued as an enrollment task (the cursor in the job's info); reached only while a read
         * session is under way (the read task leased), so that a kill then cuts one short.
         */
        READ("lines read"),
        /** The rows written to {@code campus_enrollments}. */
        ROWS("rows");

        private final String words;

        Measure(String words) {
            this.words = words;
        }

        @Override
        public String toString() {
            return words;
        }
    }

    private final Connection connection;
    private final PreparedStatement rows;
    private final PreparedStatement cursor;
    private final PreparedStatement reading;

    ImportWatch(String jdbcUrl, long jobId) throws SQLException {
        connection = DriverManager.getConnection(jdbcUrl);
        rows = connection.prepareStatement("SELECT count(*) FROM campus_enrollments WHERE import_job = ?");
        rows.setLong(1, jobId);
        cursor = connection.prepareStatement("SELECT info FROM tide_jobs WHERE id = ?");
        cursor.setLong(1, jobId);
        reading = connection.prepareStatement(
                "SELECT count(*) FROM tide_tasks WHERE job_id = ? AND type = ? AND state = 'leased'");
        reading.setLong(1, jobId);
        reading.setString(2, CampusEnrollment.FILE_READ);
    }

    /** The measure now. */
    int now(Measure measure) throws SQLException {
        return switch (measure) {
            case ROWS -> {
                try (ResultSet rs = rows.executeQuery()) {
                    rs.next();
                    yield rs.getInt(1);
                }
            }
            case READ -> {
                try (ResultSet rs = cursor.executeQuery()) {
                    if (!rs.next()) {
                        throw new IllegalStateException("the import's job is gone");
                    }
                    yield Json.read(rs.getString(1), ImportCursor.class).read();
                }
            }
        };
    }

    /**
     * Waits, polling, until {@code measure} is {@code target} or more (for {@link Measure#READ} inside a read session)
     * while {@code child} lives, and returns what it saw then; fails when the child ends or {@code patience} runs out
     * first.
     */
    int await(Measure measure, int target, Process child, Duration patience) throws Exception {
        long deadline = System.nanoTime() + patience.toNanos();
        while (true) {
            boolean inSession = measure != Measure.READ || readSessionUnderWay();
            int seen = now(measure);
            if (seen >= target && inSession) {
                return seen;
            }
            if (!child.isAlive() || System.nanoTime() > deadline) {
                throw new AssertionError(String.format(
                        "the worker process %s before the import had %d %s (it has %d)",
                        child.isAlive() ? "took too long" : "ended", target, measure, seen));
            }
            Thread.sleep(2);
        }
    }

    private boolean readSessionUnderWay() throws SQLException {
        try (ResultSet rs = reading.executeQuery()) {
            rs.next();
            return rs.getInt(1) > 0;
        }
    }

    @Override
    public void close() throws SQLException {
        connection.close();
    }
}
