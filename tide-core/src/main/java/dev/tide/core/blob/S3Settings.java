package dev.tide.core.blob;

import java.net.URI;

/**
 * Where an {@link S3BlobStore} keeps blobs.
 *
 * @param endpoint the S3-compatible server (MinIO, Ceph, a cloud's S3 API), or null for Amazon S3 itself
 * @param region the region requests are signed for; S3-compatible servers mostly accept any, e.g. {@code us-east-1}
 * @param bucket the bucket, which must exist
 * @param prefix prepended to every key (e.g. {@code tide/}), or empty; give each deployment its own, since the orphan
 *     sweep deletes the blobs under it that no task of this deployment refers to
 * @param pathStyle whether requests name the bucket in the path ({@code http://host/bucket/key}) rather than in the
 *     host name: what most S3-compatible servers need, and the default when an endpoint is given
 */
public record S3Settings(URI endpoint, String region, String bucket, String prefix, boolean pathStyle) {
    public S3Settings {
        if (bucket == null || bucket.isBlank()) {
            throw new IllegalArgumentException("an S3 blob store needs a bucket");
        }
        if (region == null || region.isBlank()) {
            throw new IllegalArgumentException(
                    "an S3 blob store needs a region (any, such as us-east-1, for most " + "S3-compatible servers)");
        }
        if (endpoint != null
                && (endpoint.getScheme() == null
                        || !(endpoint.getScheme().equals("http")
                                || endpoint.getScheme().equals("https"))
                        || endpoint.getHost() == null)) {
            throw new IllegalArgumentException(
                    "the S3 endpoint must be an http:// or https:// URL with a host, not '" + endpoint + "'");
        }
        prefix = prefix == null ? "" : prefix;
        if (!prefix.isEmpty() && !prefix.endsWith("/")) {
            prefix = prefix + "/";
        }
    }

    /** A bucket on an S3-compatible server, addressed path-style, under {@code prefix}. */
    public static S3Settings compatible(URI endpoint, String region, String bucket, String prefix) {
        return new S3Settings(endpoint, region, bucket, prefix, true);
    }

    /** How tasks name the store: {@code s3://bucket/prefix}. */
    public String name() {
        return "s3://" + bucket + "/" + prefix;
    }
}
