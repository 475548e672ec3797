package dev.tide.campus.enroll;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.Locale;

/**
 * Made-up campus data for the demo application, the direct-versus-queued bench and tests: students, courses with
 * prerequisites, sections with a capacity, and enrollment files that all go through against them (the thesis's
 * benchmark files were made so, to time the successful path).
 *
 * <pre>
 *   students   S000001 .. S<n>            each has completed CS100 and MATH100
 *   courses    CS100, MATH100, and CS101 .. one per section
 *   sections   CS101-01 .. one per course, all of the same capacity
 *   prerequisites   every section's course needs CS100; every second one (CS102, CS104, ...) MATH100 too
 * </pre>
 */
public final class CampusData {
    /** A course every seeded student has completed, and every seeded section's course requires. */
    public static final String INTRODUCTION = "CS100";

    /** A course every seeded student has completed, and every second seeded section's course requires. */
    public static final String CALCULUS = "MATH100";

    private static final String STUDENT =
            "INSERT INTO campus_students (number, name, email) VALUES (?, ?, ?) ON CONFLICT DO NOTHING";
    private static final String COURSE =
            "INSERT INTO campus_courses (code, title) VALUES (?, ?) ON CONFLICT DO NOTHING";
    private static final String PREREQUISITE =
            "INSERT INTO campus_prerequisites (course, required_course) VALUES (?, ?) ON CONFLICT DO NOTHING";
    private static final String COMPLETED =
            "INSERT INTO campus_completed (student, course) VALUES (?, ?) ON CONFLICT DO NOTHING";
    private static final String SECTION =
            "INSERT INTO campus_sections (code, course, capacity) VALUES (?, ?, ?) ON CONFLICT DO NOTHING";

    private CampusData() {}

    /** The {@code i}-th student's number, from 1: {@code S000001}. */
    public static String student(int i) {
        return String.format("S%06d", i);
    }

    /** The {@code i}-th section's course, from 1: {@code CS101}. */
    public static String course(int i) {
        return "CS" + (100 + i);
    }

    /** The {@code i}-th section's code, from 1: {@code CS101-01}. */
    public static String section(int i) {
        return course(i) + "-01";
    }

    /**
     * Writes {@code students} students, {@code sections} sections of {@code capacity} seats and their courses, in the
     * caller's transaction (on SQLite, inside {@code tide.transaction(...)}). Idempotent: rows already there are kept
     * as they are, so seeding again with another capacity changes no section.
     */
    public static void seed(Connection c, int students, int sections, int capacity) throws SQLException {
        if (students < 1 || sections < 1 || capacity < 0) {
            throw new IllegalArgumentException(
                    "seed needs at least one student and one section and a capacity >= 0, not " + students + ", "
                            + sections + ", " + capacity);
        }
        try (PreparedStatement ps = c.prepareStatement(COURSE)) {
            add(ps, INTRODUCTION, "Introduction to Programming");
            add(ps, CALCULUS, "Calculus I");
            for (int i = 1; i <= sections; i++) {
                add(ps, course(i), "Computer Science " + (100 + i));
            }
            ps.executeBatch();
        }
        try (PreparedStatement ps = c.prepareStatement(PREREQUISITE)) {
            for (int i = 1; i <= sections; i++) {
                add(ps, course(i), INTRODUCTION);
                if (i % 2 == 0) {
                    add(ps, course(i), CALCULUS);
                }
            }
            ps.executeBatch();
        }
        try (PreparedStatement ps = c.prepareStatement(SECTION)) {
            for (int i = 1; i <= sections; i++) {
                ps.setString(1, section(i));
                ps.setString(2, course(i));
                ps.setInt(3, capacity);
                ps.addBatch();
            }
            ps.executeBatch();
        }
        try (PreparedStatement ps = c.prepareStatement(STUDENT)) {
            for (int i = 1; i <= students; i++) {
                add(ps, student(i), "Student " + i, student(i).toLowerCase(Locale.ROOT) + "@campus.example");
            }
            ps.executeBatch();
        }
        try (PreparedStatement ps = c.prepareStatement(COMPLETED)) {
            for (int i = 1; i <= students; i++) {
                add(ps, student(i), INTRODUCTION);
                add(ps, student(i), CALCULUS);
            }
            ps.executeBatch();
        }
    }

    /**
     * A file (with its header) of {@code lines} enrollments that all succeed against {@link #seed} data of
     * {@code students} students and {@code sections} sections of at least {@code ceil(lines / sections)} seats: line
     * {@code k} (0-based) places student {@code k / sections + 1} into section {@code k % sections + 1}, so the
     * sections fill evenly and no pair repeats.
     */
    public static String validFile(int lines, int students, int sections) {
        if (lines < 1 || students < 1 || sections < 1) {
            throw new IllegalArgumentException("validFile needs at least one line, student and section, not " + lines
                    + ", " + students + ", " + sections);
        }
        if ((long) students * sections < lines) {
            throw new IllegalArgumentException(students + " students in " + sections + " sections make only "
                    + (long) students * sections + " distinct enrollments, not " + lines);
        }
        StringBuilder file = new StringBuilder(EnrollmentLine.HEADER).append('\n');
        for (int k = 0; k < lines; k++) {
            file.append(student(k / sections + 1))
                    .append(',')
                    .append(section(k % sections + 1))
                    .append('\n');
        }
        return file.toString();
    }

    private static void add(PreparedStatement ps, String... values) throws SQLException {
        for (int i = 0; i < values.length; i++) {
            ps.setString(i + 1, values[i]);
        }
        ps.addBatch();
    }
}
