package dev.tide.core.blob;

import dev.tide.api.BlobStoreUnavailableException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import software.amazon.awssdk.auth.credentials.AwsCredentialsProvider;
import software.amazon.awssdk.auth.credentials.DefaultCredentialsProvider;
import software.amazon.awssdk.core.checksums.RequestChecksumCalculation;
import software.amazon.awssdk.core.checksums.ResponseChecksumValidation;
import software.amazon.awssdk.core.exception.SdkException;
import software.amazon.awssdk.core.sync.RequestBody;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.s3.S3Client;
import software.amazon.awssdk.services.s3.S3ClientBuilder;
import software.amazon.awssdk.services.s3.model.ListObjectsV2Response;
import software.amazon.awssdk.services.s3.model.NoSuchKeyException;
import software.amazon.awssdk.services.s3.model.S3Object;

/**
 * Blobs as objects in an S3 bucket, through the AWS SDK for Java v2: Amazon S3, or any S3-compatible server given by
 * its endpoint (addressed path-style). Credentials come from the SDK's default chain (the {@code AWS_ACCESS_KEY_ID}
 * and {@code AWS_SECRET_ACCESS_KEY} environment variables, the shared credentials file, an instance role) unless
 * given.
 *
 * <p>The SDK's own checksums are asked for only where S3 requires them: servers that merely speak the S3 API often
 * do not support the newer ones, and Tide verifies every blob it reads against the SHA-256 its task recorded.
 */
public final class S3BlobStore implements BlobStore {
    private static final Duration TIMEOUT = Duration.ofSeconds(30);

    private final S3Settings settings;
    private final S3Client s3;

    private S3BlobStore(S3Settings settings, S3Client s3) {
        this.settings = settings;
        this.s3 = s3;
    }

    /** A store with the SDK's default credentials chain. */
    public static S3BlobStore open(S3Settings settings) {
        return open(settings, DefaultCredentialsProvider.builder().build());
    }

    public static S3BlobStore open(S3Settings settings, AwsCredentialsProvider credentials) {
        S3ClientBuilder builder = S3Client.builder()
                .httpClient(UrlConnectionHttpClient.builder()
                        .connectionTimeout(TIMEOUT)
                        .socketTimeout(TIMEOUT)
                        .build())
                .region(Region.of(settings.region()))
                .credentialsProvider(credentials)
                .forcePathStyle(settings.pathStyle())
                .requestChecksumCalculation(RequestChecksumCalculation.WHEN_REQUIRED)
                .responseChecksumValidation(ResponseChecksumValidation.WHEN_REQUIRED);
        if (settings.endpoint() != null) {
            builder.endpointOverride(settings.endpoint());
        }
        return new S3BlobStore(settings, builder.build());
    }

    @Override
    public String name() {
        return settings.name();
    }

    @Override
    public void put(String key, byte[] content) {
        String object = objectOf(key);
        try {
            s3.putObject(
                    b -> b.bucket(settings.bucket()).key(object).contentLength((long) content.length),
                    RequestBody.fromBytes(content));
        } catch (SdkException e) {
            throw unavailable("cannot write " + key, e);
        }
    }

    @Override
    public byte[] get(String key) {
        String object = objectOf(key);
        try {
            return s3.getObjectAsBytes(b -> b.bucket(settings.bucket()).key(object))
                    .asByteArray();
        } catch (NoSuchKeyException e) {
            throw new MissingBlobException(name(), key);
        } catch (SdkException e) {
            throw unavailable("cannot read " + key, e);
        }
    }

    @Override
    public void delete(String key) {
        String object = objectOf(key);
        try {
            s3.deleteObject(b -> b.bucket(settings.bucket()).key(object));
        } catch (SdkException e) {
            throw unavailable("cannot delete " + key, e);
        }
    }

    @Override
    public List<String> list(String after, int limit) {
        List<String> keys = new ArrayList<>();
        String start = after == null ? null : settings.prefix() + after;
        try {
            while (keys.size() < limit) {
                String from = start;
                int want = Math.min(1000, limit - keys.size());
                ListObjectsV2Response page = s3.listObjectsV2(b -> {
                    b.bucket(settings.bucket()).prefix(settings.prefix()).maxKeys(want);
                    if (from != null) {
                        b.startAfter(from);
                    }
                });
                for (S3Object object : page.contents()) {
                    // Folder markers ("a/b/"), which some servers list, are never blobs.
                    if (!object.key().endsWith("/") && keys.size() < limit) {
                        keys.add(object.key().substring(settings.prefix().length()));
                    }
                }
                if (!Boolean.TRUE.equals(page.isTruncated()) || page.contents().isEmpty()) {
                    break;
                }
                start = page.contents().get(page.contents().size() - 1).key();
            }
        } catch (SdkException e) {
            throw unavailable("cannot list", e);
        }
        return keys;
    }

    @Override
    public void check() {
        try {
            s3.headBucket(b -> b.bucket(settings.bucket()));
        } catch (SdkException e) {
            throw unavailable("the bucket does not answer", e);
        }
    }

    private String objectOf(String key) {
        return settings.prefix() + BlobKeys.requireSafe(key);
    }

    private BlobStoreUnavailableException unavailable(String what, SdkException e) {
        return new BlobStoreUnavailableException(
                "blob store " + name() + (settings.endpoint() != null ? " at " + settings.endpoint() : "") + ": " + what
                        + ": " + firstLine(e.getMessage()),
                e);
    }

    /** The SDK's messages can run over lines (a credentials chain's every attempt); operators get one. */
    private static String firstLine(String message) {
        return message == null ? "" : message.lines().findFirst().orElse("");
    }

    @Override
    public void close() {
        s3.close();
    }

    @Override
    public String toString() {
        return "blob store " + name();
    }
}
