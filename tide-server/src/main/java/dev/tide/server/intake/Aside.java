package dev.tide.server.intake;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.UUID;

/**
 * Moves a handled file out of its queue folder, by a rename within the folder (atomic): to {@code .stored/<task
 * id>-<name>} once its task is in the database, or to {@code .rejected/<name>} with the reason in
 * {@code .rejected/<name>.error}. A move that finds the file gone (another node moved it) or replaced (a new file
 * dropped under the same name, which must not be lost) moves nothing and says so.
 */
final class Aside {
    static final String STORED = ".stored";
    static final String REJECTED = ".rejected";
    static final String REASON_SUFFIX = ".error";

    /** The longest name kept whole before a prefix or suffix is added, in UTF-8 bytes: file systems allow 255. */
    private static final int MAX_NAME_BYTES = 200;

    private Aside() {}

    /** Returns whether this call moved the file. */
    static boolean stored(InboxFile file, long taskId) throws IOException {
        return move(file, folder(file, STORED).resolve(taskId + "-" + fitted(file.name())));
    }

    /**
     * Writes the reason first, then moves the file: a crash in between leaves the file to be rejected again by the next
     * pass, never a rejected file without its reason. Returns whether this call moved the file.
     */
    static boolean rejected(InboxFile file, String reason) throws IOException {
        Path folder = folder(file, REJECTED);
        Path reasonFile = folder.resolve(fitted(file.name()) + REASON_SUFFIX);
        // not createTempFile, whose file only the server's user may read: the reason is for whoever dropped the file
        Path draft = folder.resolve(".reason-" + UUID.randomUUID() + ".tmp");
        try {
            Files.writeString(draft, reason + "\n", StandardCharsets.UTF_8, StandardOpenOption.CREATE_NEW);
            Files.move(draft, reasonFile, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } finally {
            Files.deleteIfExists(draft);
        }
        return move(file, folder.resolve(file.name()));
    }

    private static Path folder(InboxFile file, String name) throws IOException {
        return Files.createDirectories(file.path().resolveSibling(name));
    }

    private static boolean move(InboxFile file, Path target) throws IOException {
        if (!file.unchanged()) {
            return false;
        }
        try {
            // rename(2): replaces a target left by an earlier drop of the same name
            Files.move(file.path(), target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            return true;
        } catch (NoSuchFileException movedByAnotherNode) {
            return false;
        } catch (AtomicMoveNotSupportedException e) {
            throw new IOException("the inbox folder must allow renames within it: " + e.getMessage(), e);
        }
    }

    /** The name, cut to leave room for a prefix or suffix where it is too long. */
    private static String fitted(String name) {
        String base = name;
        while (base.getBytes(StandardCharsets.UTF_8).length > MAX_NAME_BYTES) {
            base = base.substring(0, base.length() - 1);
        }
        return base;
    }
}
