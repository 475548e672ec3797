package dev.tide.campus.enroll;

import org.jspecify.annotations.Nullable;

/**
 * One rejected line of an enrollment file.
 *
 * @param line its number in the file, 1-based (a header is line 1)
 * @param student the student number it names; null when the line did not have exactly two fields
 * @param section the section code it names; null likewise
 * @param reason why, in the uploader's words: {@code no student S000999}, {@code section CS101-01 is full (capacity
 *     30)}, {@code line 7: expected student,section} (the wordings are {@link Rejections}')
 */
public record LineError(
        int line, @Nullable String student, @Nullable String section, String reason) {

    /** The line as the report lists it: {@code line 3 (S000999,CS101-01): no student S000999}. */
    public String describe() {
        if (student == null || section == null) {
            return reason; // the format error names its line itself
        }
        return "line " + line + " (" + student + "," + section + "): " + reason;
    }
}
