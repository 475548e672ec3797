package dev.tide.campus.enroll;

/**
 * A queued import's info, kept in its job: the upload it reads and how far. Each file-read session moves it on in the
 * transaction of its acknowledgement, together with the enrollment tasks of the lines it read, so that a restart
 * neither skips a line nor reads one twice.
 *
 * @param file the upload, relative to the {@link UploadFolder}
 * @param fileName the uploader's name for it
 * @param lines the file's enrollment lines, counted at upload
 * @param read the enrollment lines read so far, each queued as an enrollment task
 * @param line the number of the last line read, header and blank lines included (0 before the first)
 * @param offset the byte offset just past that line, where the next read starts
 */
record ImportCursor(String file, String fileName, int lines, int read, int line, long offset) {

    static ImportCursor start(String file, String fileName, int lines) {
        return new ImportCursor(file, fileName, lines, 0, 0, 0);
    }

    /** Moved past {@code more} enrollment lines, the last one ending at line {@code line}, byte {@code offset}. */
    ImportCursor after(int more, int line, long offset) {
        return new ImportCursor(file, fileName, lines, read + more, line, offset);
    }

    boolean atEnd() {
        return read >= lines;
    }
}
