package dev.tide.campus.enroll;

import org.jspecify.annotations.Nullable;

/**
 * One enrollment line of a file as read, and the payload of its {@code enrollment} task: a student into a section.
 *
 * @param line its number in the file, 1-based (a header is line 1)
 * @param student the student number; null when the line did not have exactly two non-empty fields
 * @param section the section code; null likewise
 */
public record EnrollmentLine(
        int line, @Nullable String student, @Nullable String section) {
    /** A header, when the file's first line is exactly this (case and spaces aside). */
    static final String HEADER = "student,section";

    /**
     * The line numbered {@code number} with text {@code text}: null for a blank line (no enrollment), else a line,
     * well formed or not. Fields are trimmed, and a field in double quotes (as spreadsheets write them) is unquoted.
     */
    static @Nullable EnrollmentLine parse(int number, String text) {
        if (text.isBlank()) {
            return null;
        }
        String[] fields = text.split(",", -1);
        if (fields.length != 2) {
            return new EnrollmentLine(number, null, null);
        }
        String student = unquote(fields[0]);
        String section = unquote(fields[1]);
        if (student.isEmpty() || section.isEmpty()) {
            return new EnrollmentLine(number, null, null);
        }
        return new EnrollmentLine(number, student, section);
    }

    /** Whether it names a student and a section; a line that does not is rejected as it is. */
    public boolean wellFormed() {
        return student != null && section != null;
    }

    /** Whether it is the header {@code student,section} a file may start with. */
    boolean isHeader() {
        return line == 1 && wellFormed() && (student + "," + section).equalsIgnoreCase(HEADER);
    }

    private static String unquote(String field) {
        String text = field.strip();
        if (text.length() >= 2 && text.startsWith("\"") && text.endsWith("\"")) {
            text = text.substring(1, text.length() - 1).strip();
        }
        return text;
    }
}
