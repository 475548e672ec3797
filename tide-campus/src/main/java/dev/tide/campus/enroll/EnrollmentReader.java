package dev.tide.campus.enroll;

import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.Closeable;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * Reads an enrollment file's lines one by one, from its start or from where an earlier read stopped (a byte offset
 * and a line number, the cursor a file-read task keeps in its job's info), skipping the header and blank lines.
 *
 * <p>Bytes, not characters, so that the offset can be kept: a line ends at {@code \n}, a {@code \r} before it is
 * dropped, and the text is UTF-8 (a byte order mark at the file's start is skipped). A line longer than
 * {@link #MAX_LINE_BYTES} is read past without being kept, and is rejected as not {@code student,section}: a file
 * without line breaks costs no memory.
 */
final class EnrollmentReader implements Closeable {
    /** Longer than any {@code student,section} line: a student number and a section code are short. */
    static final int MAX_LINE_BYTES = 1_000;

    private static final byte[] BYTE_ORDER_MARK = {(byte) 0xEF, (byte) 0xBB, (byte) 0xBF};

    private final InputStream in;
    private final ByteArrayOutputStream text = new ByteArrayOutputStream(64);
    private long offset;
    private int lineNumber;

    /**
     * A reader over {@code in}, positioned at {@code offset}, after the line numbered {@code linesRead} (0 at the
     * start).
     */
    EnrollmentReader(InputStream in, long offset, int linesRead) {
        this.in = new BufferedInputStream(in);
        this.offset = offset;
        this.lineNumber = linesRead;
    }

    /** A reader over a saved file, from where a cursor left it. */
    static EnrollmentReader open(Path file, long offset, int linesRead) throws IOException {
        InputStream in = Files.newInputStream(file);
        try {
            in.skipNBytes(offset);
        } catch (IOException e) {
            in.close();
            throw e;
        }
        return new EnrollmentReader(in, offset, linesRead);
    }

    /** Every enrollment line of {@code in}, parsed up front: the direct import's way. */
    static List<EnrollmentLine> readAll(InputStream in) {
        List<EnrollmentLine> lines = new ArrayList<>();
        EnrollmentReader reader = new EnrollmentReader(in, 0, 0);
        try {
            for (EnrollmentLine line = reader.next(); line != null; line = reader.next()) {
                lines.add(line);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the enrollment file", e);
        }
        return lines;
    }

    /** How many enrollment lines a saved file has, read in constant memory. */
    static int count(Path file) throws IOException {
        try (InputStream in = Files.newInputStream(file)) {
            EnrollmentReader reader = new EnrollmentReader(in, 0, 0);
            int lines = 0;
            while (reader.next() != null) {
                lines++;
            }
            return lines;
        }
    }

    /** The next enrollment line, well formed or not; null at the end of the file. */
    @Nullable
    EnrollmentLine next() throws IOException {
        while (true) {
            String line = nextText();
            if (line == null) {
                return null;
            }
            EnrollmentLine enrollment = EnrollmentLine.parse(lineNumber, line);
            if (enrollment != null && !enrollment.isHeader()) {
                return enrollment;
            }
        }
    }

    /** The byte offset just past the last line read: where a later reader starts. */
    long offset() {
        return offset;
    }

    /** The number of the last line read, header and blank lines included. */
    int lineNumber() {
        return lineNumber;
    }

    @Override
    public void close() throws IOException {
        in.close();
    }

    /** The next line's text, null at the end; a line too long to be an enrollment comes back as one that is none. */
    private @Nullable String nextText() throws IOException {
        text.reset();
        boolean tooLong = false;
        int read = 0;
        int b;
        while ((b = in.read()) >= 0) {
            read++;
            if (b == '\n') {
                break;
            }
            if (text.size() < MAX_LINE_BYTES) {
                text.write(b);
            } else {
                tooLong = true;
            }
        }
        if (read == 0) {
            return null;
        }
        boolean first = offset == 0;
        offset += read;
        lineNumber++;
        if (tooLong) {
            return "(a line longer than " + MAX_LINE_BYTES + " bytes)";
        }
        byte[] bytes = text.toByteArray();
        int start = first && startsWithByteOrderMark(bytes) ? BYTE_ORDER_MARK.length : 0;
        int end = bytes.length > start && bytes[bytes.length - 1] == '\r' ? bytes.length - 1 : bytes.length;
        return new String(bytes, start, end - start, StandardCharsets.UTF_8);
    }

    private static boolean startsWithByteOrderMark(byte[] bytes) {
        return bytes.length >= 3
                && bytes[0] == BYTE_ORDER_MARK[0]
                && bytes[1] == BYTE_ORDER_MARK[1]
                && bytes[2] == BYTE_ORDER_MARK[2];
    }
}
