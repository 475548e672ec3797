package dev.tide.config;

import java.nio.file.Path;
import java.time.Duration;
import org.jspecify.annotations.Nullable;

/**
 * {@code tide.blobs.*}: where payloads above the threshold go.
 *
 * @param folder a folder blob store (default on SQLite: {@code <data-folder>/blobs}); exclusive with {@code s3}
 * @param s3 an S3 bucket instead; credentials from the AWS SDK's default chain
 */
public record BlobSettings(
        DataSize threshold,
        DataSize payloadCap,
        @Nullable Path folder,
        Duration orphanGrace,
        Duration sweepInterval,
        S3Settings s3) {

    /**
     * {@code tide.blobs.s3.*}: a bucket of Amazon S3 or of an S3-compatible server (path-style requests).
     *
     * @param endpoint the server; null for Amazon S3
     * @param region the region requests are signed for; null: {@code $AWS_REGION}, else us-east-1 with an endpoint
     */
    public record S3Settings(
            @Nullable String endpoint,
            @Nullable String bucket,
            @Nullable String region,
            @Nullable String prefix) {
        public boolean given() {
            return endpoint != null || bucket != null || region != null || prefix != null;
        }
    }
}
