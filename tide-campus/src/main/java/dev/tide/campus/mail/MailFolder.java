package dev.tide.campus.mail;

import dev.tide.campus.FileFolder;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.UUID;

/**
 * The folder message bodies wait in until they are sent (seed 000, §4.3.5.3.1.3: the file of a sent message is
 * deleted). Tasks name their body by a path relative to it, and only paths inside it are read or deleted.
 */
public final class MailFolder {
    private final FileFolder folder;

    /** The folder, created if missing. */
    public MailFolder(Path root) {
        this.folder = new FileFolder(root, "body file", "mail folder");
    }

    public Path root() {
        return folder.root();
    }

    /** Writes a new body file (UTF-8) and returns its name relative to the folder. */
    public String write(String body) {
        String name = UUID.randomUUID() + ".txt";
        try {
            Files.writeString(resolve(name), body, StandardCharsets.UTF_8, StandardOpenOption.CREATE_NEW);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write a body file in " + root(), e);
        }
        return name;
    }

    /** The body file a task names; refuses a name that leads out of the folder (a payload is input, too). */
    public Path resolve(String name) {
        return folder.resolve(name);
    }

    /** Deletes a body file if it is there; whether it was. */
    public boolean delete(String name) {
        return folder.delete(name);
    }
}
