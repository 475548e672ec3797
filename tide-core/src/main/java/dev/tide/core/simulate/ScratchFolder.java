package dev.tide.core.simulate;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;

/**
 * A fresh folder for a simulation's database, deleted on close. It is made in memory-backed storage when the system
 * has some ({@code /dev/shm}), else in the temporary folder: the database is thrown away afterwards, so the fsync
 * after each commit, which dominates a week of claims on a disk, buys nothing.
 */
public final class ScratchFolder implements AutoCloseable {
    private static final Path MEMORY = Path.of("/dev/shm");

    private final Path path;

    private ScratchFolder(Path path) {
        this.path = path;
    }

    public static ScratchFolder create() {
        try {
            Path parent = Files.isDirectory(MEMORY) && Files.isWritable(MEMORY)
                    ? MEMORY
                    : Path.of(System.getProperty("java.io.tmpdir"));
            return new ScratchFolder(Files.createTempDirectory(parent, "tide-simulate-"));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot make a folder for the simulation's database", e);
        }
    }

    public Path path() {
        return path;
    }

    @Override
    public void close() {
        try (Stream<Path> all = Files.walk(path)) {
            for (Path p : all.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot delete " + path, e);
        }
    }
}
