package dev.tide.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tide.api.NewTask;
import dev.tide.api.TaskInfo;
import dev.tide.api.json.Json;
import dev.tide.cli.testing.ChildJvm;
import dev.tide.cli.testing.CliRun;
import dev.tide.client.TideClient;
import dev.tide.core.blob.S3BlobStore;
import dev.tide.core.blob.S3Settings;
import dev.tide.core.testing.S3ProxyProcess;
import dev.tide.core.testing.TempFolders;
import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * {@code tide server}'s blob store options: a folder, an S3 bucket with credentials from the AWS environment variables
 * (a real S3-compatible server, in a child process), and bad settings refused in one line before anything is opened.
 */
class ServerBlobOptionsTest {
    private static final String LARGE = Json.write(Map.of("xml", "<deposit>" + "x".repeat(100_000) + "</deposit>"));

    private final Path folder = TempFolders.create("tide-cli-blobs-");
    private final Path data = folder.resolve("data");

    @AfterEach
    void clean() {
        TempFolders.delete(folder);
    }

    @Test
    void aServerKeepsLargePayloadsInTheFolderGiven() {
        Path blobs = folder.resolve("blobs");
        try (ChildJvm server = ChildJvm.server(
                        List.of("--data", data.toString(), "--blob-folder", blobs.toString()), Map.of(), List.of());
                TideClient client = TideClient.builder(URI.create(server.awaitServerUrl()))
                        .token(ServerClients.ofFolder(data))
                        .build()) {
            long id = client.enqueue(
                            NewTask.builder("deposit").payloadJson(LARGE).build())
                    .id();
            TaskInfo read = client.task(id);
            assertThat(read.payload()).isEqualTo(LARGE);
            assertThat(blobs.resolve(read.blob().key())).exists();
        }
        assertThat(data.resolve("blobs")).doesNotExist();
    }

    @Test
    void aServerKeepsLargePayloadsInAnS3BucketWithCredentialsFromTheEnvironment() {
        S3ProxyProcess s3 = S3ProxyProcess.shared();
        String bucket = s3.createBucket();
        try (ChildJvm server = ChildJvm.server(
                        List.of(
                                "--data",
                                data.toString(),
                                "--blob-s3-endpoint",
                                s3.endpoint().toString(),
                                "--blob-s3-bucket",
                                bucket,
                                "--blob-s3-prefix",
                                "deposits"),
                        Map.of("AWS_ACCESS_KEY_ID", "tide-test", "AWS_SECRET_ACCESS_KEY", "tide-test-secret"),
                        List.of());
                TideClient client = TideClient.builder(URI.create(server.awaitServerUrl()))
                        .token(ServerClients.ofFolder(data))
                        .build()) {
            long id = client.enqueue(
                            NewTask.builder("deposit").payloadJson(LARGE).build())
                    .id();
            TaskInfo read = client.task(id);
            assertThat(read.payload()).isEqualTo(LARGE);
            assertThat(read.blob().store()).isEqualTo("s3://" + bucket + "/deposits/");
            try (S3BlobStore direct = S3BlobStore.open(
                    S3Settings.compatible(s3.endpoint(), S3ProxyProcess.REGION, bucket, "deposits"),
                    S3ProxyProcess.credentials())) {
                assertThat(direct.list(null, 10)).containsExactly(read.blob().key());
            }
        }
    }

    @Test
    void badSettingsAreOneLineAndOpenNothing() throws IOException {
        int closed;
        try (ServerSocket socket = new ServerSocket(0)) {
            closed = socket.getLocalPort();
        }
        Path file = Files.writeString(folder.resolve("a-file"), "not a folder");
        assertRefused(
                "--blob-folder: names a folder and tide.blobs.s3 a bucket: two blob stores; choose one",
                "--blob-folder",
                folder.resolve("b").toString(),
                "--blob-s3-bucket",
                "b");
        assertRefused(
                "tide.blobs.s3.bucket: is required to keep payloads in S3 (--blob-s3-bucket)",
                "--blob-s3-endpoint",
                "http://127.0.0.1:9");
        assertRefused(
                "the S3 endpoint must be an http:// or https:// URL with a host, not 'ftp://x'",
                "--blob-s3-endpoint",
                "ftp://x",
                "--blob-s3-bucket",
                "b");
        assertRefused("--blob-threshold: '-1' is not a size (e.g. 65536, 512KB, 1MB)", "--blob-threshold", "-1");
        assertRefused("--blob-payload-cap: must be at least 1 byte", "--blob-payload-cap", "0");
        assertThat(server("--blob-folder", file.resolve("blobs").toString()).err())
                .startsWith("tide: blob store folder " + file.resolve("blobs") + ": cannot create the folder")
                .hasLineCount(1);
        assertThat(server("--blob-s3-endpoint", "http://127.0.0.1:" + closed, "--blob-s3-bucket", "deposits")
                        .err())
                .startsWith("tide: blob store s3://deposits/ at http://127.0.0.1:" + closed + ": ")
                .hasLineCount(1);
        assertThat(data).doesNotExist();
    }

    private void assertRefused(String message, String... options) {
        CliRun run = server(options);
        assertThat(run.code()).isEqualTo(1);
        assertThat(run.err()).isEqualTo("tide: " + message + "\n");
    }

    private CliRun server(String... options) {
        List<String> args = new ArrayList<>(List.of("server", "--port", "0", "--data", data.toString()));
        args.addAll(List.of(options));
        return CliRun.of(args.toArray(String[]::new));
    }
}
