package dev.tide.cli;

import dev.tide.core.TideConfig;
import dev.tide.core.blob.BlobStore;
import dev.tide.core.blob.FolderBlobStore;
import dev.tide.core.blob.S3BlobStore;
import dev.tide.core.blob.S3Settings;
import dev.tide.core.settings.BlobSettings;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.file.Path;
import picocli.CommandLine.Option;

/**
 * {@code tide server}'s choice of blob store, where payloads above the threshold go (docs/operations.md, "Blob
 * store"): a folder, or an S3 bucket with credentials from the AWS SDK's default chain (the {@code AWS_ACCESS_KEY_ID}
 * and {@code AWS_SECRET_ACCESS_KEY} environment variables, the shared credentials file, an instance role). Without
 * either, SQLite keeps blobs in {@code <data>/blobs} and PostgreSQL has none.
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
            paramLabel = "BYTES",
            description = "Payloads larger than this go to the blob store (default: 65536).")
    Long threshold;

    @Option(
            names = "--blob-payload-cap",
            paramLabel = "BYTES",
            description =
                    "Largest task payload with a blob store; larger ones are refused with 413 (default: 16777216).")
    Long payloadCap;

    /** The settings with the thresholds given; refuses bad numbers. */
    TideConfig apply(TideConfig config) {
        BlobSettings blobs = config.blobs();
        if (threshold != null) {
            if (threshold < 0) {
                throw new IllegalArgumentException("--blob-threshold must not be negative");
            }
            blobs = blobs.withThreshold(threshold);
        }
        if (payloadCap != null) {
            if (payloadCap < 1) {
                throw new IllegalArgumentException("--blob-payload-cap must be at least 1 byte");
            }
            blobs = blobs.withPayloadCap(payloadCap);
        }
        return config.withBlobs(blobs);
    }

    /**
     * The blob store chosen, checked (the folder is writable, the bucket answers), or null for the engine's default.
     * Nothing else is opened before this passes.
     */
    BlobStore open() {
        boolean s3 = s3Endpoint != null || s3Bucket != null || s3Region != null || s3Prefix != null;
        if (folder != null && s3) {
            throw new IllegalArgumentException("--blob-folder and --blob-s3-* name two blob stores; choose one");
        }
        BlobStore store = folder != null ? new FolderBlobStore(folder) : s3 ? S3BlobStore.open(s3Settings()) : null;
        if (store != null) {
            try {
                store.check();
            } catch (RuntimeException e) {
                store.close();
                throw e;
            }
        }
        return store;
    }

    private S3Settings s3Settings() {
        if (s3Bucket == null) {
            throw new IllegalArgumentException("--blob-s3-bucket is required to keep payloads in S3");
        }
        URI endpoint = s3Endpoint == null ? null : endpoint(s3Endpoint);
        String region = s3Region != null ? s3Region : System.getenv("AWS_REGION");
        if (region == null && endpoint != null) {
            region = "us-east-1";
        }
        if (region == null) {
            throw new IllegalArgumentException("--blob-s3-region (or $AWS_REGION) is required for Amazon S3");
        }
        return S3Settings.compatible(endpoint, region, s3Bucket, s3Prefix);
    }

    private static URI endpoint(String text) {
        try {
            return new URI(text);
        } catch (URISyntaxException e) {
            throw new IllegalArgumentException("--blob-s3-endpoint: '" + text + "' is not a URL");
        }
    }
}
