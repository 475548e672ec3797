package dev.tide.core.blob;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tide.api.BlobStoreUnavailableException;
import dev.tide.core.testing.S3ProxyProcess;
import java.net.ServerSocket;
import java.net.URI;
import org.junit.jupiter.api.Test;

/** The blob store contract on a real S3-compatible server (S3Proxy in a child process), and what is particular to S3. */
class S3BlobStoreTest extends BlobStoreContract {
    @Override
    protected BlobStore open() {
        return S3ProxyProcess.shared().newStore("tide/blobs");
    }

    @Test
    void storesUnderDifferentPrefixesOfOneBucketDoNotSeeEachOther() {
        S3ProxyProcess s3 = S3ProxyProcess.shared();
        String bucket = s3.createBucket();
        try (S3BlobStore one = S3BlobStore.open(
                        S3Settings.compatible(s3.endpoint(), S3ProxyProcess.REGION, bucket, "one"),
                        S3ProxyProcess.credentials());
                S3BlobStore two = S3BlobStore.open(
                        S3Settings.compatible(s3.endpoint(), S3ProxyProcess.REGION, bucket, "two/"),
                        S3ProxyProcess.credentials())) {
            String key = BlobKeys.next(T0);
            one.put(key, bytes("one's"));
            assertThat(one.list(null, 10)).containsExactly(key);
            assertThat(two.list(null, 10)).isEmpty();
            assertThatThrownBy(() -> two.get(key)).isInstanceOf(MissingBlobException.class);
            assertThat(one.name()).isEqualTo("s3://" + bucket + "/one/");
        }
    }

    @Test
    void aBucketThatDoesNotExistFailsTheCheck() {
        S3ProxyProcess s3 = S3ProxyProcess.shared();
        try (S3BlobStore missing = S3BlobStore.open(
                S3Settings.compatible(s3.endpoint(), S3ProxyProcess.REGION, "no-such-bucket-here", ""),
                S3ProxyProcess.credentials())) {
            assertThatThrownBy(missing::check)
                    .isInstanceOf(BlobStoreUnavailableException.class)
                    .hasMessageContaining("s3://no-such-bucket-here/");
        }
    }

    @Test
    void anEndpointThatDoesNotAnswerIsReportedAsUnavailable() throws Exception {
        int closedPort;
        try (ServerSocket socket = new ServerSocket(0)) {
            closedPort = socket.getLocalPort();
        }
        URI nowhere = URI.create("http://127.0.0.1:" + closedPort);
        try (S3BlobStore unreachable = S3BlobStore.open(
                S3Settings.compatible(nowhere, S3ProxyProcess.REGION, "bucket", ""), S3ProxyProcess.credentials())) {
            assertThatThrownBy(() -> unreachable.put(BlobKeys.next(T0), bytes("x")))
                    .isInstanceOf(BlobStoreUnavailableException.class)
                    .hasMessageContaining(nowhere.toString());
        }
    }
}
