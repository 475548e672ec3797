package dev.tide.config;

import dev.tide.core.blob.BlobStore;
import dev.tide.core.blob.FolderBlobStore;
import dev.tide.core.blob.S3BlobStore;
import java.net.URI;
import java.net.URISyntaxException;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/** The blob store {@code tide.blobs.*} chooses, opened and checked; null for the engine's default. */
public final class BlobStores {
    private BlobStores() {}

    /**
     * A folder, or an S3 bucket with credentials from the AWS SDK's default chain; checked (the folder is writable,
     * the bucket answers) before anything else is opened. Null when the settings name neither.
     */
    public static @Nullable BlobStore open(TideSettings settings, Map<String, String> environment) {
        BlobSettings blobs = settings.blobs();
        BlobStore store = blobs.folder() != null
                ? new FolderBlobStore(blobs.folder())
                : blobs.s3().given() ? S3BlobStore.open(s3(blobs.s3(), environment)) : null;
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

    private static dev.tide.core.blob.S3Settings s3(BlobSettings.S3Settings s3, Map<String, String> environment) {
        URI endpoint = null;
        if (s3.endpoint() != null) {
            try {
                endpoint = new URI(s3.endpoint());
            } catch (URISyntaxException e) {
                throw new SettingsException(
                        "tide.blobs.s3.endpoint", "tide.blobs.s3.endpoint: '" + s3.endpoint() + "' is not a URL");
            }
        }
        String region = s3.region() != null ? s3.region() : environment.get("AWS_REGION");
        if (region == null && endpoint != null) {
            region = "us-east-1";
        }
        if (region == null) {
            throw new SettingsException(
                    "tide.blobs.s3.region", "tide.blobs.s3.region (or $AWS_REGION) is required for Amazon S3");
        }
        return dev.tide.core.blob.S3Settings.compatible(endpoint, region, s3.bucket(), s3.prefix());
    }
}
