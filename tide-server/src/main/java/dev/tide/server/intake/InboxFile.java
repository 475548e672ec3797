package dev.tide.server.intake;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.time.Instant;
import java.util.Objects;

/**
 * A file found in a user's folder of the inbox, as it was when found.
 *
 * @param queue the queue folder it is in; null for a file dropped in the user's folder itself, which has no queue
 * @param fileKey the file system's identity of the file (an inode), or null where it has none: with the modification
 *     time and size, it tells whether the file at this path is still the one that was read
 */
record InboxFile(
        Path path, String user, String queue, Instant modified, long size, Object fileKey, boolean symbolicLink) {

    /** The file at {@code path} as it is now; null when it is not a file (gone, a folder, a device). */
    static InboxFile at(Path path, String user, String queue) {
        BasicFileAttributes attributes = attributes(path);
        if (attributes == null || !(attributes.isRegularFile() || attributes.isSymbolicLink())) {
            return null;
        }
        return new InboxFile(
                path,
                user,
                queue,
                attributes.lastModifiedTime().toInstant(),
                attributes.size(),
                attributes.fileKey(),
                attributes.isSymbolicLink());
    }

    String name() {
        return path.getFileName().toString();
    }

    /**
     * Whether the path still holds the file that was found: false when it is gone, or was replaced (another file
     * dropped under the same name) or changed since. Moving a replaced file aside would lose it.
     */
    boolean unchanged() {
        InboxFile now = at(path, user, queue);
        return now != null && now.modified.equals(modified) && now.size == size && Objects.equals(now.fileKey, fileKey);
    }

    private static BasicFileAttributes attributes(Path path) {
        try {
            return Files.readAttributes(path, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
        } catch (IOException gone) {
            return null;
        }
    }
}
