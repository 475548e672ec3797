package dev.tide.campus;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;

/**
 * A folder of files that tasks name by a path relative to it (the mailer's message bodies, the enrollment uploads). A
 * name read from a payload is input like any other, so only names of files inside the folder are resolved or deleted.
 */
public final class FileFolder {
    private final Path root;
    private final String fileNoun;
    private final String folderNoun;

    /**
     * The folder, created if missing.
     *
     * @param fileNoun what its files are, in errors ({@code "body file"})
     * @param folderNoun what the folder is, in errors ({@code "mail folder"})
     */
    public FileFolder(Path root, String fileNoun, String folderNoun) {
        this.root = root.toAbsolutePath().normalize();
        this.fileNoun = fileNoun;
        this.folderNoun = folderNoun;
        try {
            Files.createDirectories(this.root);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create the " + folderNoun + " " + this.root, e);
        }
    }

    public Path root() {
        return root;
    }

    /** The file {@code name} names; refuses a name that leads out of the folder, or is the folder itself. */
    public Path resolve(String name) {
        if (name == null || name.isBlank()) {
            throw new IllegalArgumentException("the " + fileNoun + " name is empty");
        }
        Path path;
        try {
            path = root.resolve(name).normalize();
        } catch (InvalidPathException e) {
            throw new IllegalArgumentException("the " + fileNoun + " name '" + name + "' is not a file name", e);
        }
        if (!path.startsWith(root) || path.equals(root)) {
            throw new IllegalArgumentException(
                    "the " + fileNoun + " '" + name + "' is not inside the " + folderNoun + " " + root);
        }
        return path;
    }

    /** Deletes a file if it is there; whether it was. */
    public boolean delete(String name) {
        try {
            return Files.deleteIfExists(resolve(name));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot delete the " + fileNoun + " " + name, e);
        }
    }
}
