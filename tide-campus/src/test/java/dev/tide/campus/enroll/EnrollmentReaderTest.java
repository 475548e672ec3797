package dev.tide.campus.enroll;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The file format: what is a line, what is skipped, what is malformed, and reading on from a cursor. */
class EnrollmentReaderTest {
    @TempDir
    Path temp;

    private static List<EnrollmentLine> read(String text) {
        return EnrollmentReader.readAll(new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8)));
    }

    @Test
    void theHeaderAndBlankLinesAreSkippedAndLinesKeepTheFilesNumbers() {
        assertThat(read("Student , Section\r\nS000001,CS101-01\r\n\r\n   \nS000002, \"CS102-01\" \n"))
                .containsExactly(
                        new EnrollmentLine(2, "S000001", "CS101-01"), new EnrollmentLine(5, "S000002", "CS102-01"));
        // without a header, the first line is line 1; a header anywhere else is a line like the others
        assertThat(read("S000001,CS101-01\nstudent,section"))
                .containsExactly(
                        new EnrollmentLine(1, "S000001", "CS101-01"), new EnrollmentLine(2, "student", "section"));
    }

    @Test
    void aByteOrderMarkIsNotPartOfTheFirstLine() {
        assertThat(read("\uFEFFstudent,section\nS000001,CS101-01\n"))
                .containsExactly(new EnrollmentLine(2, "S000001", "CS101-01"));
    }

    @Test
    void aLineWithoutExactlyTwoNonEmptyFieldsIsMalformed() {
        String longLine = "S".repeat(EnrollmentReader.MAX_LINE_BYTES + 5) + ",CS101-01";
        List<EnrollmentLine> lines = read("S000001\nS000001,CS101-01,extra\n,CS101-01\nS000001,\n" + longLine + "\n");
        assertThat(lines).extracting(EnrollmentLine::line).containsExactly(1, 2, 3, 4, 5);
        assertThat(lines).noneMatch(EnrollmentLine::wellFormed);
    }

    /** Stopping after any line and reading on from the cursor gives the same lines as one read of the whole file. */
    @Test
    void readingOnFromACursorNeitherSkipsNorRepeatsALine() throws Exception {
        String text = "student,section\nS000001,CS101-01\r\n\nS000002,CS102-01\nbad\n\u00c9tudiant\u00e9,CS103-01\n"
                + "S000003,CS101-01";
        Path file = Files.writeString(temp.resolve("f.csv"), text, StandardCharsets.UTF_8);
        List<EnrollmentLine> whole = read(text);
        assertThat(whole).hasSize(5);
        assertThat(EnrollmentReader.count(file)).isEqualTo(5);
        for (int stop = 0; stop <= whole.size(); stop++) {
            List<EnrollmentLine> lines = new ArrayList<>();
            long offset;
            int lineNumber;
            try (EnrollmentReader first = EnrollmentReader.open(file, 0, 0)) {
                for (int i = 0; i < stop; i++) {
                    lines.add(first.next());
                }
                offset = first.offset();
                lineNumber = first.lineNumber();
            }
            try (EnrollmentReader rest = EnrollmentReader.open(file, offset, lineNumber)) {
                for (EnrollmentLine line = rest.next(); line != null; line = rest.next()) {
                    lines.add(line);
                }
            }
            assertThat(lines).as("stopped after %d", stop).isEqualTo(whole);
        }
    }
}
