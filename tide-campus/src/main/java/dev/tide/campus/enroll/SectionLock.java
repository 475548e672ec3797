package dev.tide.campus.enroll;

import java.sql.Connection;
import java.sql.SQLException;

/**
 * How a section's row is read so that its capacity check is exact while other workers enroll into it.
 *
 * <p>On PostgreSQL two transactions could each count the section's enrollments, each see room for one more, and both
 * insert: under READ COMMITTED neither sees the other's uncommitted row. Reading the section {@code FOR UPDATE} makes
 * the second wait for the first's commit, and its count, a later statement, then sees the first's row. On SQLite
 * every write transaction runs on Tide's single writer, one at a time: a plain read is already exact.
 */
enum SectionLock {
    SERIALIZED_WRITER(""),
    ROW_LOCK(" FOR UPDATE");

    private final String suffix;

    SectionLock(String suffix) {
        this.suffix = suffix;
    }

    /** The lock the database behind {@code c} needs. */
    static SectionLock of(Connection c) throws SQLException {
        return c.getMetaData().getDatabaseProductName().equalsIgnoreCase("SQLite") ? SERIALIZED_WRITER : ROW_LOCK;
    }

    /** {@code select} made to lock the rows it reads, where the database needs it. */
    String locking(String select) {
        return select + suffix;
    }
}
