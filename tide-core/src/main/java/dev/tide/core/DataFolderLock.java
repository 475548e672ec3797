package dev.tide.core;

import dev.tide.api.TideException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Instant;

/**
 * An exclusive lock on a data folder, so that two processes never write one SQLite file at once. The lock file says who
 * holds it (pid, command, start time), and a second process is told exactly that. The operating system drops the lock
 * when the holder dies, even by {@code kill -9}, so a crash never leaves the folder locked.
 */
public final class DataFolderLock implements AutoCloseable {
    public static final String FILE_NAME = "tide.lock";

    private final Path file;
    private final FileChannel channel;
    private final FileLock lock;

    private DataFolderLock(Path file, FileChannel channel, FileLock lock) {
        this.file = file;
        this.channel = channel;
        this.lock = lock;
    }

    /** Takes the lock, or throws {@link FolderInUseException} naming the holder. */
    public static DataFolderLock acquire(Path folder, String purpose) {
        Path file = folder.resolve(FILE_NAME);
        FileChannel channel = null;
        try {
            Files.createDirectories(folder);
            channel = FileChannel.open(
                    file, StandardOpenOption.CREATE, StandardOpenOption.READ, StandardOpenOption.WRITE);
            FileLock lock;
            try {
                lock = channel.tryLock();
            } catch (OverlappingFileLockException e) {
                lock = null;
            }
            if (lock == null) {
                String holder = Files.readString(file, StandardCharsets.UTF_8).trim();
                channel.close();
                throw new FolderInUseException(folder, holder.isEmpty() ? "another process" : holder);
            }
            String holder =
                    "process " + ProcessHandle.current().pid() + " (" + purpose + ", started " + Instant.now() + ")";
            channel.truncate(0);
            channel.write(ByteBuffer.wrap(holder.getBytes(StandardCharsets.UTF_8)), 0);
            channel.force(true);
            return new DataFolderLock(file, channel, lock);
        } catch (IOException e) {
            closeQuietly(channel);
            throw new TideException(500, "cannot lock data folder " + folder + ": " + e.getMessage(), e);
        }
    }

    /** Who holds the folder's lock now, or null when nobody does (the file's text is kept after release). */
    public static String holder(Path folder) {
        Path file = folder.resolve(FILE_NAME);
        if (!Files.exists(file)) {
            return null;
        }
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ, StandardOpenOption.WRITE)) {
            FileLock probe;
            try {
                probe = channel.tryLock();
            } catch (OverlappingFileLockException e) {
                return "this process";
            }
            if (probe != null) {
                probe.release();
                return null;
            }
            return Files.readString(file, StandardCharsets.UTF_8).trim();
        } catch (IOException e) {
            return null;
        }
    }

    @Override
    public void close() {
        try {
            channel.truncate(0);
            lock.release();
        } catch (IOException ignored) {
            // The channel's close below releases the lock in any case.
        }
        closeQuietly(channel);
    }

    public Path file() {
        return file;
    }

    private static void closeQuietly(FileChannel channel) {
        if (channel != null) {
            try {
                channel.close();
            } catch (IOException ignored) {
                // nothing useful to do
            }
        }
    }

    /** The folder is locked by another process (HTTP 409, CLI exit 1). */
    public static final class FolderInUseException extends TideException {
        private static final long serialVersionUID = 1L;

        public FolderInUseException(Path folder, String holder) {
            super(
                    409,
                    "data folder " + folder + " is in use by " + holder + "; stop it, or talk to its HTTP API instead");
        }

        @Override
        public String code() {
            return "folder_in_use";
        }
    }
}
