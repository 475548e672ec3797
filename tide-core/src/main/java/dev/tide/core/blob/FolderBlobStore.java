package dev.tide.core.blob;

import dev.tide.api.BlobStoreUnavailableException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import java.util.stream.Stream;

/**
 * Blobs as files under a folder, one file per key ({@code <folder>/2025/01/31/<millis>-<hex>}). The embedded engine's
 * default is {@code <data folder>/blobs}; several PostgreSQL nodes may share one folder on a network file system.
 *
 * <p>A put is durable before it returns: the content goes to a hidden temporary file beside its final name, is forced to
 * disk, renamed into place atomically, and the folder entry is forced too. A crash leaves either no blob or the whole
 * blob (and perhaps a hidden temporary file, which listings skip).
 */
public final class FolderBlobStore implements BlobStore {
    private final Path root;

    public FolderBlobStore(Path root) {
        this.root = root.toAbsolutePath().normalize();
    }

    public Path root() {
        return root;
    }

    @Override
    public String name() {
        return "folder";
    }

    @Override
    public void put(String key, byte[] content) {
        Path file = fileOf(key);
        Path temp = file.resolveSibling(
                "." + file.getFileName() + "." + ThreadLocalRandom.current().nextLong(1L << 48) + ".tmp");
        try {
            Path created = createFolders(file.getParent());
            try (FileChannel out = FileChannel.open(temp, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)) {
                ByteBuffer buffer = ByteBuffer.wrap(content);
                while (buffer.hasRemaining()) {
                    out.write(buffer);
                }
                out.force(true);
            }
            move(temp, file);
            // The new name, and any folder made for it, must survive a crash as well as the bytes.
            for (Path dir = file.getParent(); dir != null && dir.startsWith(created); dir = dir.getParent()) {
                forceFolder(dir);
            }
        } catch (IOException e) {
            deleteQuietly(temp);
            throw unavailable("cannot write " + key, e);
        }
    }

    /** Creates the missing folders up to {@code dir}; answers the highest one that already existed. */
    private Path createFolders(Path dir) throws IOException {
        Path existing = dir;
        while (existing != null && !Files.isDirectory(existing)) {
            existing = existing.getParent();
        }
        Files.createDirectories(dir);
        return existing == null ? dir.getRoot() : existing;
    }

    private static void move(Path from, Path to) throws IOException {
        try {
            Files.move(from, to, StandardCopyOption.ATOMIC_MOVE);
        } catch (AtomicMoveNotSupportedException e) {
            Files.move(from, to);
        }
    }

    private static void forceFolder(Path dir) {
        try (FileChannel channel = FileChannel.open(dir, StandardOpenOption.READ)) {
            channel.force(true);
        } catch (IOException e) {
            // Some platforms cannot open a folder for syncing; the rename is as durable as they make it.
        }
    }

    @Override
    public byte[] get(String key) {
        try {
            return Files.readAllBytes(fileOf(key));
        } catch (NoSuchFileException e) {
            throw new MissingBlobException(describe(), key);
        } catch (IOException e) {
            throw unavailable("cannot read " + key, e);
        }
    }

    @Override
    public void delete(String key) {
        try {
            Files.deleteIfExists(fileOf(key));
        } catch (IOException e) {
            throw unavailable("cannot delete " + key, e);
        }
    }

    @Override
    public List<String> list(String after, int limit) {
        List<String> keys = new ArrayList<>();
        try {
            walk(root, "", after, limit, keys);
        } catch (IOException e) {
            throw unavailable("cannot list", e);
        }
        return keys;
    }

    /**
     * Depth first, each folder's entries in the order their keys sort: a folder's name sorts as {@code name/}, so a
     * file {@code a.b} comes before the folder {@code a}'s keys, as the key strings do.
     */
    private static void walk(Path dir, String prefix, String after, int limit, List<String> keys) throws IOException {
        List<Entry> entries;
        try (Stream<Path> children = Files.list(dir)) {
            entries = children.map(p -> new Entry(p.getFileName().toString() + (Files.isDirectory(p) ? "/" : ""), p))
                    .filter(e -> !e.name().startsWith("."))
                    .sorted(Comparator.comparing(Entry::name))
                    .toList();
        } catch (NoSuchFileException e) {
            return;
        }
        for (Entry entry : entries) {
            if (keys.size() >= limit) {
                return;
            }
            String key = prefix + entry.name();
            if (key.endsWith("/")) {
                // Skip a folder whose every key sorts at or before `after`.
                if (after == null || key.compareTo(after) > 0 || after.startsWith(key)) {
                    walk(entry.path(), key, after, limit, keys);
                }
            } else if (after == null || key.compareTo(after) > 0) {
                keys.add(key);
            }
        }
    }

    private record Entry(String name, Path path) {}

    @Override
    public void check() {
        try {
            Files.createDirectories(root);
        } catch (IOException e) {
            throw unavailable("cannot create the folder", e);
        }
        if (!Files.isWritable(root)) {
            throw new BlobStoreUnavailableException(describe() + ": the folder is not writable", null);
        }
    }

    private Path fileOf(String key) {
        return root.resolve(BlobKeys.requireSafe(key));
    }

    private String describe() {
        return "blob store folder " + root;
    }

    private BlobStoreUnavailableException unavailable(String what, IOException e) {
        return new BlobStoreUnavailableException(describe() + ": " + what + ": " + e, e);
    }

    private static void deleteQuietly(Path file) {
        try {
            Files.deleteIfExists(file);
        } catch (IOException ignored) {
            // A hidden temporary file left behind is skipped by listings.
        }
    }

    @Override
    public String toString() {
        return describe();
    }
}
