package dev.tide.campus.enroll;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * Checks one enrollment line against the campus tables and, when it passes, writes it: the student exists, the
 * section exists, the student is not enrolled in it yet, every prerequisite of its course is completed, and it is not
 * full. One code for the queued import's enrollment task and the direct import, each running it in a transaction of
 * its own, which it neither commits nor rolls back.
 */
final class EnrollmentChecks {
    private static final String STUDENT = "SELECT 1 FROM campus_students WHERE number = ?";
    private static final String SECTION = "SELECT course, capacity FROM campus_sections WHERE code = ?";
    private static final String ENROLLED = "SELECT 1 FROM campus_enrollments WHERE student = ? AND section = ?";
    private static final String MISSING_PREREQUISITES = """
            SELECT p.required_course FROM campus_prerequisites p
            WHERE p.course = ? AND NOT EXISTS (
                SELECT 1 FROM campus_completed d WHERE d.student = ? AND d.course = p.required_course)
            ORDER BY p.required_course""";
    private static final String TAKEN = "SELECT count(*) FROM campus_enrollments WHERE section = ?";
    private static final String INSERT =
            "INSERT INTO campus_enrollments (student, section, import_job, import_line) VALUES (?, ?, ?, ?)";

    /** Decided on the first connection: the same database all along. */
    private volatile @Nullable SectionLock lock;

    /**
     * Enrolls the line's student into its section, or says why not, writing nothing then.
     *
     * @param importJob the queued import's job, kept with the row; null for a direct import
     * @return the reason the line is rejected, empty when it was written
     */
    Optional<String> enroll(Connection c, EnrollmentLine line, @Nullable Long importJob) throws SQLException {
        if (!line.wellFormed()) {
            return Optional.of(Rejections.malformed(line.line()));
        }
        String student = line.student();
        String code = line.section();
        if (!exists(c, STUDENT, student)) {
            return Optional.of(Rejections.noStudent(student));
        }
        String course;
        int capacity;
        try (PreparedStatement ps = c.prepareStatement(lock(c).locking(SECTION))) {
            ps.setString(1, code);
            try (ResultSet rs = ps.executeQuery()) {
                if (!rs.next()) {
                    return Optional.of(Rejections.noSection(code));
                }
                course = rs.getString(1);
                capacity = rs.getInt(2);
            }
        }
        if (exists(c, ENROLLED, student, code)) {
            return Optional.of(Rejections.alreadyEnrolled(code));
        }
        List<String> missing = missingPrerequisites(c, course, student);
        if (!missing.isEmpty()) {
            return Optional.of(Rejections.missingPrerequisites(missing, course));
        }
        if (taken(c, code) >= capacity) {
            return Optional.of(Rejections.full(code, capacity));
        }
        try (PreparedStatement ps = c.prepareStatement(INSERT)) {
            ps.setString(1, student);
            ps.setString(2, code);
            if (importJob == null) {
                ps.setNull(3, Types.BIGINT);
            } else {
                ps.setLong(3, importJob);
            }
            ps.setInt(4, line.line());
            ps.executeUpdate();
        }
        return Optional.empty();
    }

    private SectionLock lock(Connection c) throws SQLException {
        SectionLock known = lock;
        if (known == null) {
            known = SectionLock.of(c);
            lock = known;
        }
        return known;
    }

    private static boolean exists(Connection c, String sql, String... keys) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(sql)) {
            for (int i = 0; i < keys.length; i++) {
                ps.setString(i + 1, keys[i]);
            }
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next();
            }
        }
    }

    private static List<String> missingPrerequisites(Connection c, String course, String student) throws SQLException {
        List<String> missing = new ArrayList<>();
        try (PreparedStatement ps = c.prepareStatement(MISSING_PREREQUISITES)) {
            ps.setString(1, course);
            ps.setString(2, student);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    missing.add(rs.getString(1));
                }
            }
        }
        return missing;
    }

    private static int taken(Connection c, String section) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(TAKEN)) {
            ps.setString(1, section);
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                return rs.getInt(1);
            }
        }
    }
}
