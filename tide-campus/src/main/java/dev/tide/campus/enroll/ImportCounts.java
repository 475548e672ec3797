package dev.tide.campus.enroll;

import dev.tide.core.Tide;
import java.sql.PreparedStatement;
import java.sql.ResultSet;

/** An import's enrollments as written: the rows of {@code campus_enrollments} its job made. */
final class ImportCounts {
    private static final String ENROLLED = "SELECT count(*) FROM campus_enrollments WHERE import_job = ?";

    private final Tide tide;

    ImportCounts(Tide tide) {
        this.tide = tide;
    }

    /** The lines the import's job has enrolled. */
    int enrolled(long jobId) {
        return tide.transaction((connection, queue) -> {
            try (PreparedStatement ps = connection.prepareStatement(ENROLLED)) {
                ps.setLong(1, jobId);
                try (ResultSet rs = ps.executeQuery()) {
                    rs.next();
                    return rs.getInt(1);
                }
            }
        });
    }
}
