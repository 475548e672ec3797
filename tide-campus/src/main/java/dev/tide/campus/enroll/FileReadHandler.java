package dev.tide.campus.enroll;

import dev.tide.api.JobInfo;
import dev.tide.api.NewTask;
import dev.tide.api.json.Json;
import dev.tide.api.worker.TaskContext;
import dev.tide.api.worker.TaskFailure;
import dev.tide.api.worker.TaskHandler;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Map;

/**
 * Reads one block of an uploaded file (seed 000's "enrollment file read" task): as many enrollment lines as its
 * profile's budget allows this session, from the cursor in the job's info, and queues one {@code enrollment} task per
 * line. The tasks, the moved cursor and the units used go with the task's acknowledgement, in one transaction: a
 * session cut short by a crash is read again from the old cursor, and what it had queued was never committed. Each
 * enrollment task's idempotency key is its job and line, so that not even a reader that did commit twice could make a
 * line's task twice. Until the end of the file the task is given back ({@code continueLater}) and comes again at the
 * next session its profile allows.
 */
final class FileReadHandler implements TaskHandler {
    private final UploadFolder uploads;

    FileReadHandler(UploadFolder uploads) {
        this.uploads = uploads;
    }

    @Override
    public void handle(TaskContext context) throws Exception {
        JobInfo job = context.job();
        if (job == null) {
            throw new TaskFailure("an enrollment file read belongs to an import job; task "
                    + context.task().id() + " has none");
        }
        ImportCursor cursor = Json.read(job.info(), ImportCursor.class);
        Path file;
        try {
            file = uploads.resolve(context.payload(FileReadTask.class).file());
        } catch (IllegalArgumentException e) {
            throw new TaskFailure(e.getMessage());
        }
        int budget = context.budget() == null ? CampusEnrollment.READ_BLOCK : context.budget();
        int read = 0;
        boolean fileEnded;
        try (EnrollmentReader reader = EnrollmentReader.open(file, cursor.offset(), cursor.line())) {
            EnrollmentLine line = null;
            while (read < budget && (line = reader.next()) != null) {
                context.enqueue(NewTask.builder(CampusEnrollment.ENROLLMENT)
                        .job(job.id())
                        .owner(job.owner())
                        .payload(line)
                        .idempotencyKey(idempotencyKey(job.id(), line.line()))
                        .build());
                read++;
            }
            fileEnded = read < budget;
            cursor = cursor.after(read, reader.lineNumber(), reader.offset());
        } catch (NoSuchFileException e) {
            throw new TaskFailure("the upload " + cursor.file() + " is gone (removed by hand?): "
                    + (cursor.lines() - cursor.read()) + " of its " + cursor.lines() + " lines were not read");
        }
        context.setJobInfo(cursor);
        context.used(read);
        context.result(Map.of("read", cursor.read(), "of", cursor.lines()));
        // a file that ends before the lines counted at upload changed since: the import stops there, not in a loop
        if (!cursor.atEnd() && !fileEnded) {
            context.continueLater();
        }
    }

    /** One per line of one import: a second read of the line finds the task the first one made. */
    static String idempotencyKey(long jobId, int line) {
        return CampusEnrollment.IMPORT + ":" + jobId + ":line:" + line;
    }
}
