package dev.tide.core.testing;

import dev.tide.core.blob.S3BlobStore;
import dev.tide.core.blob.S3Settings;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.HttpURLConnection;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.s3.S3Client;

/**
 * A real S3-compatible server for tests: S3Proxy (Maven Central's {@code org.gaul:s3proxy}) on its filesystem
 * backend, run as a child process from the jar maven-dependency-plugin copies to {@code target/s3proxy/} (its own Jetty
 * and libraries would clash with ours in one JVM). One process serves the whole test JVM: it takes seconds to start,
 * so it starts on first use and is killed when the JVM exits. Each caller takes a bucket of its own.
 */
public final class S3ProxyProcess {
    public static final String REGION = "us-east-1";
    private static final Duration START_TIMEOUT = Duration.ofSeconds(90);
    private static final AtomicInteger BUCKETS = new AtomicInteger();
    private static S3ProxyProcess shared;

    private final Process process;
    private final URI endpoint;
    private final Path log;

    private S3ProxyProcess(Process process, URI endpoint, Path log) {
        this.process = process;
        this.endpoint = endpoint;
        this.log = log;
    }

    /** The server of this JVM, started on first use. */
    public static synchronized S3ProxyProcess shared() {
        if (shared == null || !shared.process.isAlive()) {
            shared = start();
            Process p = shared.process;
            Runtime.getRuntime().addShutdownHook(new Thread(p::destroyForcibly, "s3proxy-stop"));
        }
        return shared;
    }

    private static S3ProxyProcess start() {
        Path jar = Path.of(System.getProperty("tide.s3proxy.jar", "target/s3proxy/s3proxy.jar"));
        if (!Files.isRegularFile(jar)) {
            throw new IllegalStateException("no S3Proxy jar at " + jar.toAbsolutePath()
                    + ": run the tests through Maven, whose dependency plugin copies it there");
        }
        try {
            Path folder = TempFolders.create("tide-s3proxy-");
            Path data = Files.createDirectories(folder.resolve("data"));
            int port = freePort();
            URI endpoint = URI.create("http://127.0.0.1:" + port);
            Path properties = folder.resolve("s3proxy.properties");
            Files.writeString(
                    properties,
                    String.join(
                            "\n",
                            "s3proxy.authorization=none",
                            "s3proxy.endpoint=" + endpoint,
                            "jclouds.provider=filesystem",
                            "jclouds.filesystem.basedir=" + data,
                            ""),
                    StandardCharsets.UTF_8);
            Path log = folder.resolve("s3proxy.log");
            String java = ProcessHandle.current().info().command().orElse("java");
            Process process = new ProcessBuilder(
                            java,
                            "-Xmx256m",
                            "-XX:TieredStopAtLevel=1",
                            "-jar",
                            jar.toString(),
                            "--properties",
                            properties.toString())
                    .redirectErrorStream(true)
                    .redirectOutput(log.toFile())
                    .start();
            S3ProxyProcess server = new S3ProxyProcess(process, endpoint, log);
            server.awaitReady();
            return server;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private void awaitReady() throws IOException {
        long deadline = System.nanoTime() + START_TIMEOUT.toNanos();
        while (System.nanoTime() < deadline) {
            if (!process.isAlive()) {
                throw new IllegalStateException("S3Proxy exited at start:\n" + Files.readString(log));
            }
            try {
                HttpURLConnection c = (HttpURLConnection) endpoint.toURL().openConnection();
                c.setConnectTimeout(500);
                c.setReadTimeout(2000);
                if (c.getResponseCode() == 200) {
                    return;
                }
            } catch (IOException notYet) {
                // not listening yet
            }
            try {
                Thread.sleep(100);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted waiting for S3Proxy", e);
            }
        }
        process.destroyForcibly();
        throw new IllegalStateException(
                "S3Proxy did not answer within " + START_TIMEOUT + ":\n" + Files.readString(log));
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }

    public URI endpoint() {
        return endpoint;
    }

    /** A new, empty bucket. */
    public String createBucket() {
        String bucket = "tide-test-" + ProcessHandle.current().pid() + "-" + BUCKETS.incrementAndGet();
        try (S3Client s3 = S3Client.builder()
                .endpointOverride(endpoint)
                .region(Region.of(REGION))
                .credentialsProvider(credentials())
                .forcePathStyle(true)
                .httpClient(software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient.create())
                .build()) {
            s3.createBucket(b -> b.bucket(bucket));
        }
        return bucket;
    }

    /** A store on a new bucket, under {@code prefix}. */
    public S3BlobStore newStore(String prefix) {
        return S3BlobStore.open(S3Settings.compatible(endpoint, REGION, createBucket(), prefix), credentials());
    }

    /** Any credentials: the server checks none (it runs with {@code s3proxy.authorization=none}). */
    public static StaticCredentialsProvider credentials() {
        return StaticCredentialsProvider.create(AwsBasicCredentials.create("tide-test", "tide-test-secret"));
    }
}
