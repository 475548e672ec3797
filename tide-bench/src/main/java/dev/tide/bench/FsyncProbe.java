package dev.tide.bench;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * The disk's own fsync latency where the data lives: append 4 KiB, force it to disk, repeat. A durable commit cannot
 * be faster than this, so it is the yardstick for the commit latencies the benchmark reports.
 */
final class FsyncProbe {
    private FsyncProbe() {}

    static Latencies measure(Path folder, int rounds) throws IOException {
        Files.createDirectories(folder);
        Path file = Files.createTempFile(folder, "fsync-probe", ".bin");
        long[] nanos = new long[rounds];
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.WRITE, StandardOpenOption.APPEND)) {
            ByteBuffer page = ByteBuffer.allocate(4096);
            for (int i = 0; i < rounds; i++) {
                page.clear();
                long start = System.nanoTime();
                channel.write(page);
                channel.force(false);
                nanos[i] = System.nanoTime() - start;
            }
        } finally {
            Files.deleteIfExists(file);
        }
        return Latencies.ofNanos(nanos);
    }
}
