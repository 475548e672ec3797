package dev.tide.campus.enroll;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import java.util.TreeMap;
import java.util.stream.IntStream;
import java.util.stream.Stream;

/**
 * An enrollment file of good lines and bad ones of every kind but "already enrolled", made from a seeded random, and
 * what its import must end with whatever order its lines are checked in. Its campus ({@link #seed}) is
 * {@link CampusData}'s with two sections more: {@link #PREREQUISITE_SECTION}, whose course needs one nobody has passed,
 * and {@link #SMALL_SECTION} of {@link #SMALL_CAPACITY} seats, which three times as many lines contend for.
 *
 * <p>The lines, shuffled, after a header, with blank lines here and there (they shift the line numbers, as in a real
 * file):
 *
 * <ul>
 *   <li>good: a seeded student into a seeded section, every pair distinct, no section past its seats;
 *   <li>{@link #contenders()}: distinct students into the small section; exactly its capacity get in, which ones depends
 *       on the order the workers check them, and the others are rejected as full;
 *   <li>an unknown student, an unknown section, a missing prerequisite, a line without two fields: rejected, always.
 * </ul>
 */
final class MixedUpload {
    static final int STUDENTS = 120;
    static final int SECTIONS = 6;
    static final int CAPACITY = 60;
    static final String PREREQUISITE_SECTION = "CS201-01";
    static final String SMALL_SECTION = "CS301-01";
    static final int SMALL_CAPACITY = 10;

    private static final List<String> MALFORMED = List.of("S000001", "S000002,CS101-01,CS102-01", ",CS103-01");

    private final String text;
    private final List<EnrollmentLine> lines;
    private final List<EnrollmentLine> good;
    private final List<EnrollmentLine> contenders;
    private final List<LineError> rejected;

    private MixedUpload(
            String text,
            List<EnrollmentLine> lines,
            List<EnrollmentLine> good,
            List<EnrollmentLine> contenders,
            List<LineError> rejected) {
        this.text = text;
        this.lines = List.copyOf(lines);
        this.good = List.copyOf(good);
        this.contenders = List.copyOf(contenders);
        this.rejected = List.copyOf(rejected);
    }

    /** Writes the campus the file is checked against, in the caller's transaction. */
    static void seed(Connection c) throws SQLException {
        CampusData.seed(c, STUDENTS, SECTIONS, CAPACITY);
        try (Statement st = c.createStatement()) {
            st.execute("INSERT INTO campus_courses (code, title) VALUES ('CS200', 'Data Structures'),"
                    + " ('CS201', 'Algorithms'), ('CS301', 'Compilers')");
            st.execute("INSERT INTO campus_prerequisites (course, required_course) VALUES ('CS201', 'CS200')");
            st.execute("INSERT INTO campus_sections (code, course, capacity) VALUES ('" + PREREQUISITE_SECTION
                    + "', 'CS201', 1000), ('" + SMALL_SECTION + "', 'CS301', " + SMALL_CAPACITY + ")");
        }
    }

    /**
     * A file of {@code size} enrollment lines: a sixteenth each unknown students, unknown sections, missing
     * prerequisites and malformed lines, three times {@link #SMALL_CAPACITY} contenders, the rest good.
     */
    static MixedUpload random(Random random, int size) {
        int bad = size / 16;
        int contending = 3 * SMALL_CAPACITY;
        int goodLines = size - 4 * bad - contending;
        if (goodLines < 1 || goodLines > SECTIONS * CAPACITY) {
            throw new IllegalArgumentException("a mixed upload of " + size + " lines would have " + goodLines
                    + " good ones; between 1 and " + SECTIONS * CAPACITY + " fit the campus");
        }
        List<Kind> kinds = new ArrayList<>();
        kinds.addAll(Collections.nCopies(goodLines, Kind.GOOD));
        kinds.addAll(Collections.nCopies(contending, Kind.CONTENDER));
        for (Kind kind : List.of(Kind.NO_STUDENT, Kind.NO_SECTION, Kind.PREREQUISITE, Kind.MALFORMED)) {
            kinds.addAll(Collections.nCopies(bad, kind));
        }
        Collections.shuffle(kinds, random);

        // good line k goes to section k % SECTIONS + 1, each section's students drawn without repeat
        List<List<Integer>> studentsBySection = new ArrayList<>();
        for (int s = 0; s < SECTIONS; s++) {
            studentsBySection.add(shuffledStudents(random));
        }
        List<Integer> contendingStudents = shuffledStudents(random);

        StringBuilder text = new StringBuilder(EnrollmentLine.HEADER).append('\n');
        int number = 1;
        List<EnrollmentLine> lines = new ArrayList<>();
        List<EnrollmentLine> good = new ArrayList<>();
        List<EnrollmentLine> contenders = new ArrayList<>();
        TreeMap<Integer, LineError> rejected = new TreeMap<>();
        for (Kind kind : kinds) {
            if (random.nextInt(40) == 0) {
                text.append('\n');
                number++;
            }
            number++;
            String lineText = switch (kind) {
                case GOOD -> {
                    int section = good.size() % SECTIONS;
                    yield CampusData.student(studentsBySection.get(section).get(good.size() / SECTIONS)) + ","
                            + CampusData.section(section + 1);
                }
                case CONTENDER -> CampusData.student(contendingStudents.get(contenders.size())) + "," + SMALL_SECTION;
                case NO_STUDENT -> String.format("S9%05d", random.nextInt(100_000)) + "," + anySection(random);
                case NO_SECTION -> anyStudent(random) + ",CS9" + (10 + random.nextInt(90)) + "-01";
                case PREREQUISITE -> anyStudent(random) + "," + PREREQUISITE_SECTION;
                case MALFORMED -> MALFORMED.get(random.nextInt(MALFORMED.size()));
            };
            text.append(lineText).append('\n');
            EnrollmentLine line = EnrollmentLine.parse(number, lineText);
            lines.add(line);
            switch (kind) {
                case GOOD -> good.add(line);
                case CONTENDER -> contenders.add(line);
                default ->
                    rejected.put(number, new LineError(number, line.student(), line.section(), reason(kind, line)));
            }
        }
        return new MixedUpload(text.toString(), lines, good, contenders, List.copyOf(rejected.values()));
    }

    /** The file's text, its header first. */
    String text() {
        return text;
    }

    /** Every enrollment line, in file order. */
    List<EnrollmentLine> lines() {
        return lines;
    }

    /** The lines enrolled whatever the order of the checks. */
    List<EnrollmentLine> good() {
        return good;
    }

    /** The lines for {@link #SMALL_SECTION}: {@link #SMALL_CAPACITY} of them get in, the others are full. */
    List<EnrollmentLine> contenders() {
        return contenders;
    }

    /** The lines rejected whatever the order of the checks, and why, in file order. */
    List<LineError> rejected() {
        return rejected;
    }

    /** How many rows the import ends with: every good line and {@link #SMALL_CAPACITY} contenders. */
    int rowsAtTheEnd() {
        return good.size() + SMALL_CAPACITY;
    }

    /**
     * The rows the import must end with when {@code seated} are the contenders that got in, as {@code student section
     * line} in file order: every good line's, and theirs.
     */
    List<String> rows(List<EnrollmentLine> seated) {
        return Stream.concat(good.stream(), seated.stream())
                .sorted(Comparator.comparingInt(EnrollmentLine::line))
                .map(line -> line.student() + " " + line.section() + " " + line.line())
                .toList();
    }

    /**
     * The report's list of rejected lines when {@code seated} are the contenders that got in, in file order: the bad
     * lines, and the other contenders, rejected as full.
     */
    List<String> listed(List<EnrollmentLine> seated) {
        String full = Rejections.full(SMALL_SECTION, SMALL_CAPACITY);
        return Stream.concat(
                        rejected.stream(),
                        contenders.stream()
                                .filter(line -> !seated.contains(line))
                                .map(line -> new LineError(line.line(), line.student(), line.section(), full)))
                .sorted(Comparator.comparingInt(LineError::line))
                .map(LineError::describe)
                .toList();
    }

    private static String reason(Kind kind, EnrollmentLine line) {
        return switch (kind) {
            case NO_STUDENT -> Rejections.noStudent(line.student());
            case NO_SECTION -> Rejections.noSection(line.section());
            case PREREQUISITE -> Rejections.missingPrerequisites(List.of("CS200"), "CS201");
            case MALFORMED -> Rejections.malformed(line.line());
            case GOOD, CONTENDER -> throw new IllegalArgumentException(kind + " lines are not rejected whatever");
        };
    }

    private static List<Integer> shuffledStudents(Random random) {
        List<Integer> students =
                new ArrayList<>(IntStream.rangeClosed(1, STUDENTS).boxed().toList());
        Collections.shuffle(students, random);
        return students;
    }

    private static String anyStudent(Random random) {
        return CampusData.student(1 + random.nextInt(STUDENTS));
    }

    private static String anySection(Random random) {
        return CampusData.section(1 + random.nextInt(SECTIONS));
    }

    private enum Kind {
        GOOD,
        CONTENDER,
        NO_STUDENT,
        NO_SECTION,
        PREREQUISITE,
        MALFORMED
    }
}
