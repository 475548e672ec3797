package dev.tide.campus.enroll;

import dev.tide.api.JobInfo;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * What the uploader of an enrollment file learns when its import ends, in one email: how many lines, how many were
 * enrolled and rejected, and every rejected line with its number and reason.
 *
 * @param lines the file's enrollment lines
 * @param enrolled the lines written
 * @param rejected the lines rejected, in file order
 * @param unread why the file was not read to its end; null when it was
 */
public record ImportReport(
        JobInfo job,
        String fileName,
        int lines,
        int enrolled,
        List<LineError> rejected,
        @Nullable String unread) {

    public ImportReport {
        rejected = List.copyOf(rejected);
    }

    public String subject() {
        return "Enrollment import '" + fileName + "': " + enrolled + " enrolled, " + rejected.size() + " rejected";
    }

    public String text() {
        StringBuilder text = new StringBuilder();
        text.append("The import of your enrollment file '")
                .append(fileName)
                .append("' (job ")
                .append(job.id())
                .append(") ended at ")
                .append(job.finishedAt())
                .append(".\n\n");
        text.append("Lines: ").append(lines).append('\n');
        text.append("Enrolled: ").append(enrolled).append('\n');
        text.append("Rejected: ").append(rejected.size()).append('\n');
        int undone = lines - enrolled - rejected.size();
        if (undone > 0) {
            text.append("Not done: ").append(undone).append('\n');
        }
        if (unread != null) {
            text.append("\nThe file was not read to its end: ").append(unread).append('\n');
        }
        if (!rejected.isEmpty()) {
            text.append("\nRejected lines:\n");
            for (LineError error : rejected) {
                text.append("- ").append(error.describe()).append('\n');
            }
        }
        return text.toString();
    }
}
