package dev.tide.campus.enroll;

import java.util.List;

/**
 * What a direct import did ({@link CampusEnrollment#importDirectly}).
 *
 * @param lines the file's enrollment lines (its header and blank lines are not enrollments and are not counted)
 * @param enrolled the lines written to {@code campus_enrollments}
 * @param errors the lines rejected, in file order; {@code lines = enrolled + errors.size()}
 */
public record ImportOutcome(int lines, int enrolled, List<LineError> errors) {
    public ImportOutcome {
        errors = List.copyOf(errors);
    }
}
