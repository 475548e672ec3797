package dev.tide.core;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tide.core.blob.FolderBlobStore;
import dev.tide.core.contract.BlobPayloadContract;
import dev.tide.core.testing.TempFolders;
import dev.tide.core.time.ManualClock;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** Large payloads on the embedded engine, in its default blob store: the data folder's {@code blobs}. */
class SqliteBlobPayloadTest extends BlobPayloadContract {
    private Path folder;

    @Override
    protected Tide open(ManualClock clock, TideConfig config) {
        folder = TempFolders.create("tide-blob-engine-");
        return Tide.builder().sqlite(folder).clock(clock).config(config).build();
    }

    @Override
    protected void cleanup() {
        TempFolders.delete(folder);
    }

    @Test
    void theDefaultBlobStoreIsTheDataFoldersBlobsFolder() {
        assertThat(blobs)
                .isInstanceOfSatisfying(
                        FolderBlobStore.class,
                        store -> assertThat(store.root())
                                .isEqualTo(folder.resolve("blobs").toAbsolutePath()));
    }
}
