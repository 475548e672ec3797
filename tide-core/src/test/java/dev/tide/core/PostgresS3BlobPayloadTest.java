package dev.tide.core;

import dev.tide.core.contract.BlobPayloadContract;
import dev.tide.core.testing.PostgresSchema;
import dev.tide.core.testing.S3ProxyProcess;
import dev.tide.core.time.ManualClock;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Large payloads on PostgreSQL in an S3 bucket: the distributed deployment, against a real S3-compatible server. */
class PostgresS3BlobPayloadTest extends BlobPayloadContract {
    @RegisterExtension
    static final PostgresSchema schema = PostgresSchema.perClass("blobs_s3");

    @Override
    protected Tide open(ManualClock clock, TideConfig config) {
        return schema.builder()
                .clock(clock)
                .config(config)
                .blobStore(S3ProxyProcess.shared().newStore("tide/"))
                .build();
    }
}
