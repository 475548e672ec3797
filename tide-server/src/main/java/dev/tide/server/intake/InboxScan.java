package dev.tide.server.intake;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Finds the files writers have finished in {@code inbox/<user>/<queue>/}, oldest first. A file is finished when its
 * name does not mark it as being written (a dot-file, {@code *.tmp}, {@code *.part}: the writer renames it when done,
 * which is atomic) and it was last modified at least the settle time ago. Dot-folders ({@code .stored},
 * {@code .rejected}) and anything deeper are never looked into; files at the top of the inbox are left alone (they
 * belong to no user).
 */
final class InboxScan {
    private static final Logger log = LoggerFactory.getLogger(InboxScan.class);

    private final Path inbox;

    InboxScan(Path inbox) {
        this.inbox = inbox;
    }

    /** Finished files last modified at or before {@code settledBy}, oldest first, at most {@code limit}. */
    List<InboxFile> finished(Instant settledBy, int limit) {
        List<InboxFile> found = new ArrayList<>();
        for (Path userFolder : entries(inbox)) {
            if (!Files.isDirectory(userFolder)) {
                continue;
            }
            String user = userFolder.getFileName().toString();
            for (Path entry : entries(userFolder)) {
                if (Files.isDirectory(entry)) {
                    String queue = entry.getFileName().toString();
                    for (Path file : entries(entry)) {
                        add(found, InboxFile.at(file, user, queue), settledBy);
                    }
                } else {
                    add(found, InboxFile.at(entry, user, null), settledBy);
                }
            }
        }
        found.sort(Comparator.comparing(InboxFile::modified).thenComparing(InboxFile::path));
        return found.size() > limit ? found.subList(0, limit) : found;
    }

    private static void add(List<InboxFile> found, InboxFile file, Instant settledBy) {
        if (file != null && !file.modified().isAfter(settledBy)) {
            found.add(file);
        }
    }

    /** A folder's entries that are not hidden or being written; none when it cannot be read (it may have just gone). */
    private static List<Path> entries(Path folder) {
        List<Path> entries = new ArrayList<>();
        try (DirectoryStream<Path> stream = Files.newDirectoryStream(folder, InboxScan::visible)) {
            stream.forEach(entries::add);
        } catch (IOException e) {
            log.debug("folder intake: cannot list {}: {}", folder, e.toString());
        }
        return entries;
    }

    private static boolean visible(Path entry) {
        String name = entry.getFileName().toString();
        String lower = name.toLowerCase(Locale.ROOT);
        return !name.startsWith(".") && !lower.endsWith(".tmp") && !lower.endsWith(".part");
    }
}
