package dev.tide.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Bytes this process has caused to be written to storage, from Linux's {@code /proc/self/io}: the WAL, the database
 * file and checkpoints of an embedded SQLite, which is where an fsync-bound store spends its time. A server database
 * writes from its own processes, so this says nothing about PostgreSQL.
 */
final class ProcessIo {
    private static final Path IO = Path.of("/proc/self/io");

    private ProcessIo() {}

    /** Bytes written so far, or -1 where the system does not tell. */
    static long writtenBytes() {
        try {
            for (String line : Files.readAllLines(IO)) {
                if (line.startsWith("write_bytes:")) {
                    return Long.parseLong(
                            line.substring("write_bytes:".length()).trim());
                }
            }
        } catch (IOException | RuntimeException e) {
            // Not Linux, or not readable: the figure is left out.
        }
        return -1;
    }
}
