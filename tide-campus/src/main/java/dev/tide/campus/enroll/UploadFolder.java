package dev.tide.campus.enroll;

import dev.tide.campus.FileFolder;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.UUID;

/**
 * The folder uploaded enrollment files wait in while their import runs (the thesis saves the upload and queues a job
 * that reads it). Each upload is saved under a name of its own, {@code <uuid>-<the uploader's file name>}; the
 * file-read task names it relative to the folder, and only names inside it are read or deleted. A file is deleted once
 * its import's report is made.
 */
public final class UploadFolder {
    /** The longest file name kept: with the prefix, well inside a file system's 255 bytes. */
    static final int MAX_NAME = 150;

    private final FileFolder folder;

    /** The folder, created if missing. */
    public UploadFolder(Path root) {
        this.folder = new FileFolder(root, "upload", "upload folder");
    }

    public Path root() {
        return folder.root();
    }

    /**
     * Copies {@code content} into a new file (streaming: constant memory, whatever its size) and returns its name
     * relative to the folder. Refuses a {@code fileName} that is not a plain file name, before anything is written.
     */
    public String save(String fileName, InputStream content) {
        String name = nameFor(fileName);
        Path file = resolve(name);
        try {
            Files.copy(content, file);
        } catch (IOException e) {
            delete(name);
            throw new UncheckedIOException("cannot save the upload " + fileName + " in " + root(), e);
        }
        return name;
    }

    /** The upload a task names; refuses a name that leads out of the folder (a payload is input, too). */
    public Path resolve(String name) {
        return folder.resolve(name);
    }

    /** Deletes an upload if it is there; whether it was. */
    public boolean delete(String name) {
        return folder.delete(name);
    }

    /** A new file's name: the uploader's own, made unique, if it is a plain file name (no folder, no way out). */
    private String nameFor(String fileName) {
        if (fileName == null || fileName.isBlank()) {
            throw new IllegalArgumentException("fileName is required");
        }
        if (fileName.contains("/")
                || fileName.contains("\\")
                || fileName.chars().anyMatch(Character::isISOControl)
                || fileName.getBytes(StandardCharsets.UTF_8).length > MAX_NAME) {
            throw new IllegalArgumentException("fileName '" + fileName
                    + "' is not a plain file name (at most " + MAX_NAME
                    + " bytes, no folder): it could lead out of the upload folder");
        }
        String name = UUID.randomUUID() + "-" + fileName;
        folder.resolve(name); // a last guard: inside the folder
        return name;
    }
}
