package dev.tide.cli;

import java.nio.file.Path;
import picocli.CommandLine.Option;

/**
 * {@code tide server}'s choice of blob store, where payloads above the threshold go (docs/operations.md, "Blob
 * store"): a folder, or an S3 bucket with credentials from the AWS SDK's default chain (the {@code AWS_ACCESS_KEY_ID}
 * and {@code AWS_SECRET_ACCESS_KEY} environment variables, the shared credentials file, an instance role). Without
 * either, SQLite keeps blobs in {@code <data>/blobs} and PostgreSQL has none. Each sets a setting of tide.yaml
 * ({@code tide.blobs.*}, see {@link ServerFlags}); {@code dev.tide.config.BlobStores} opens the store they choose.
 */
final class BlobStoreOptions {
    @Option(
            names = "--blob-folder",
            paramLabel = "DIR",
            description = "Keep large payloads as files in this folder (default on SQLite: <data>/blobs; several "
                    + "PostgreSQL nodes must share it).")
    Path folder;

    @Option(
            names = "--blob-s3-endpoint",
            paramLabel = "URL",
            description = "Keep large payloads in S3 at this S3-compatible server (path-style); without it, Amazon S3.")
    String s3Endpoint;

    @Option(names = "--blob-s3-bucket", paramLabel = "BUCKET", description = "The bucket for large payloads (exists).")
    String s3Bucket;

    @Option(
            names = "--blob-s3-region",
            paramLabel = "REGION",
            description = "The region requests are signed for (default: $AWS_REGION, or us-east-1 with an endpoint).")
    String s3Region;

    @Option(
            names = "--blob-s3-prefix",
            paramLabel = "PREFIX",
            description = "Key prefix in the bucket, one per deployment (default: none).")
    String s3Prefix;

    @Option(
            names = "--blob-threshold",
            paramLabel = "SIZE",
            description = "Payloads larger than this go to the blob store, in bytes or e.g. 64KB (default: 64KB).")
    String threshold;

    @Option(
            names = "--blob-payload-cap",
            paramLabel = "SIZE",
            description = "Largest task payload with a blob store, in bytes or e.g. 16MB; larger ones are refused with"
                    + " 413 (default: 16MB).")
    String payloadCap;
}
