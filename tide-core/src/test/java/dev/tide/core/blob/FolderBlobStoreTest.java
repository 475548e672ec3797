package dev.tide.core.blob;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tide.api.BlobStoreUnavailableException;
import dev.tide.core.testing.TempFolders;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The blob store contract on a folder, and what is particular to files. */
class FolderBlobStoreTest extends BlobStoreContract {
    private Path folder;

    @Override
    protected BlobStore open() {
        folder = TempFolders.create("tide-blobs-");
        return new FolderBlobStore(folder.resolve("blobs"));
    }

    @AfterEach
    void deleteFolder() {
        TempFolders.delete(folder);
    }

    @Test
    void aPutLeavesOnlyTheBlobBehindNoTemporaryFile() throws IOException {
        String key = BlobKeys.next(T0);
        store.put(key, bytes("content"));
        try (Stream<Path> files = Files.walk(folder)) {
            assertThat(files.filter(Files::isRegularFile))
                    .singleElement()
                    .isEqualTo(folder.resolve("blobs").resolve(key));
        }
    }

    @Test
    void aTemporaryFileLeftByACrashIsNotListed() throws IOException {
        String key = BlobKeys.next(T0);
        store.put(key, bytes("content"));
        Path file = folder.resolve("blobs").resolve(key);
        Files.writeString(file.resolveSibling("." + file.getFileName() + ".123.tmp"), "half a blob");
        assertThat(store.list(null, 10)).containsExactly(key);
    }

    @Test
    void aFolderThatCannotBeMadeFailsTheCheckNamingIt() throws IOException {
        Path occupied = Files.writeString(folder.resolve("a-file"), "not a folder");
        BlobStore blocked = new FolderBlobStore(occupied.resolve("blobs"));
        assertThatThrownBy(blocked::check)
                .isInstanceOf(BlobStoreUnavailableException.class)
                .hasMessageContaining(occupied.resolve("blobs").toString());
    }
}
