package dev.tide.campus.enroll;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;

/**
 * The application's tables the enrollment import checks and writes, the same SQL on SQLite and PostgreSQL. Names are
 * unqualified: on PostgreSQL the connection's search path decides their schema; on SQLite they live in Tide's own
 * database file, written through {@code tide.transaction(...)} like every application write there.
 */
public final class CampusTables {
    private static final List<String> CREATE = List.of(
            """
            CREATE TABLE IF NOT EXISTS campus_students (
                number TEXT PRIMARY KEY,
                name TEXT NOT NULL,
                email TEXT NOT NULL)""",
            """
            CREATE TABLE IF NOT EXISTS campus_courses (
                code TEXT PRIMARY KEY,
                title TEXT NOT NULL)""",
            // taking `course` needs `required_course` completed
            """
            CREATE TABLE IF NOT EXISTS campus_prerequisites (
                course TEXT NOT NULL REFERENCES campus_courses (code),
                required_course TEXT NOT NULL REFERENCES campus_courses (code),
                PRIMARY KEY (course, required_course))""",
            // the courses a student has passed
            """
            CREATE TABLE IF NOT EXISTS campus_completed (
                student TEXT NOT NULL REFERENCES campus_students (number),
                course TEXT NOT NULL REFERENCES campus_courses (code),
                PRIMARY KEY (student, course))""",
            """
            CREATE TABLE IF NOT EXISTS campus_sections (
                code TEXT PRIMARY KEY,
                course TEXT NOT NULL REFERENCES campus_courses (code),
                capacity INTEGER NOT NULL CHECK (capacity >= 0))""",
            // import_job and import_line: the queued import's job and the file's line, for its report; null otherwise
            """
            CREATE TABLE IF NOT EXISTS campus_enrollments (
                student TEXT NOT NULL REFERENCES campus_students (number),
                section TEXT NOT NULL REFERENCES campus_sections (code),
                import_job BIGINT,
                import_line INTEGER,
                PRIMARY KEY (student, section))""",
            // the capacity check counts a section's enrollments; an import's progress counts its job's
            "CREATE INDEX IF NOT EXISTS campus_enrollments_section ON campus_enrollments (section)",
            "CREATE INDEX IF NOT EXISTS campus_enrollments_import ON campus_enrollments (import_job)");

    private CampusTables() {}

    /** Creates the tables that are missing; safe on every start. */
    public static void create(Connection c) throws SQLException {
        try (Statement st = c.createStatement()) {
            for (String statement : CREATE) {
                st.execute(statement);
            }
        }
    }
}
