package dev.tide.campus.enroll;

/**
 * The payload of an import's {@code enrollment-file-read} task: the upload it reads. Its cursor is the job's info
 * ({@link ImportCursor}).
 *
 * @param file the upload, relative to the {@link UploadFolder}
 */
public record FileReadTask(String file) {}
