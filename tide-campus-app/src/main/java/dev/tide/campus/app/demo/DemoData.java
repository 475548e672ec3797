package dev.tide.campus.app.demo;

import dev.tide.campus.enroll.CampusData;
import dev.tide.core.Tide;

/**
 * The demo's students, courses and sections ({@link CampusData#seed}, which leaves rows already there alone), and an
 * enrollment file to try the upload with: valid lines for that data, then three a report names.
 */
public final class DemoData {
    public static final int STUDENTS = 300;
    public static final int SECTIONS = 12;
    public static final int CAPACITY = 30;

    /** Valid lines in the sample file. */
    static final int SAMPLE_LINES = 25;

    private DemoData() {}

    static DemoData seed(Tide tide) {
        tide.transaction((connection, queue) -> {
            CampusData.seed(connection, STUDENTS, SECTIONS, CAPACITY);
            return null;
        });
        return new DemoData();
    }

    /**
     * The sample file: {@value #SAMPLE_LINES} enrollments that succeed the first time, a student who does not exist, a
     * line without a section, and the first enrollment again.
     */
    public String sampleFile() {
        String valid = CampusData.validFile(SAMPLE_LINES, STUDENTS, SECTIONS);
        String first = valid.lines()
                .filter(line -> !line.isBlank() && !line.startsWith("student,"))
                .findFirst()
                .orElseThrow();
        String section = first.substring(first.indexOf(',') + 1);
        return valid.stripTrailing() + "\nS999999," + section + "\n" + first.substring(0, first.indexOf(',')) + "\n"
                + first + "\n";
    }
}
