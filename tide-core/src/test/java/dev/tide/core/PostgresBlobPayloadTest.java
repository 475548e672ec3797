package dev.tide.core;

import dev.tide.core.blob.FolderBlobStore;
import dev.tide.core.contract.BlobPayloadContract;
import dev.tide.core.testing.PostgresSchema;
import dev.tide.core.testing.TempFolders;
import dev.tide.core.time.ManualClock;
import java.nio.file.Path;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Large payloads on PostgreSQL, in a blob folder (one that nodes would share on a network file system). */
class PostgresBlobPayloadTest extends BlobPayloadContract {
    @RegisterExtension
    static final PostgresSchema schema = PostgresSchema.perClass("blobs");

    private Path folder;

    @Override
    protected Tide open(ManualClock clock, TideConfig config) {
        folder = TempFolders.create("tide-blob-folder-");
        return schema.builder()
                .clock(clock)
                .config(config)
                .blobStore(new FolderBlobStore(folder))
                .build();
    }

    @Override
    protected void cleanup() {
        TempFolders.delete(folder);
    }
}
