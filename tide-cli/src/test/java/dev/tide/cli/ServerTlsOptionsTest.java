package dev.tide.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tide.api.NewTask;
import dev.tide.cli.testing.ChildJvm;
import dev.tide.cli.testing.CliRun;
import dev.tide.client.TideClient;
import dev.tide.core.testing.TempFolders;
import java.net.URI;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * {@code tide server} over HTTPS in a child process, and its TLS options refused before anything is opened: one line,
 * exit 1, no data folder. A command run in this JVM cannot be given an environment variable, so there the wrong
 * password is that of {@code PATH}, which every process has and no keystore here is locked with.
 */
class ServerTlsOptionsTest {
    private static final String PASSWORD = "keystore-secret";
    private final Path folder = TempFolders.create("tide-cli-tls-");
    private final Path data = folder.resolve("data");

    @AfterEach
    void clean() {
        TempFolders.delete(folder);
    }

    @Test
    void aServerWithTheKeystoreServesHttps() throws Exception {
        Path keystore = generateKeystore();
        try (ChildJvm server = ChildJvm.server(
                List.of(
                        "--data",
                        data.toString(),
                        "--tls-keystore",
                        keystore.toString(),
                        "--tls-password-env",
                        "TIDE_TEST_TLS_PASSWORD"),
                Map.of("TIDE_TEST_TLS_PASSWORD", PASSWORD),
                List.of())) {
            URI url = URI.create(server.awaitServerUrl());
            assertThat(url.getScheme()).isEqualTo("https");
            // the server's own keystore holds its certificate, so it serves as the client's trust store too
            try (TideClient client = TideClient.builder(url)
                    .token(ServerClients.ofFolder(data))
                    .trustStore(keystore, PASSWORD.toCharArray())
                    .build()) {
                assertThat(client.enqueue(NewTask.of("email", null)).created()).isTrue();
            }
            // the folder's own server, found through server.json, with a certificate no authority signed
            CliRun untrusted = CliRun.of("status", "--data", data.toString());
            assertThat(untrusted.code()).isEqualTo(1);
            assertThat(untrusted.err())
                    .isEqualTo("tide: the Tide server at " + url + " presented a certificate that is not trusted here;"
                            + " " + UntrustedCertificate.HINT + "\n");
        }
    }

    @Test
    void aWrongPasswordIsOneLineAndOpensNothing() throws Exception {
        Path keystore = generateKeystore();

        CliRun run = server("--tls-keystore", keystore.toString(), "--tls-password-env", "PATH");

        assertThat(run.code()).isEqualTo(1);
        assertThat(run.err()).isEqualTo("tide: TLS keystore " + keystore + ": wrong password\n");
        assertThat(data).doesNotExist();
    }

    private Path generateKeystore() throws Exception {
        Path keystore = folder.resolve("server.p12");
        Process keytool = new ProcessBuilder(List.of(
                        Path.of(System.getProperty("java.home"), "bin", "keytool")
                                .toString(),
                        "-genkeypair",
                        "-alias",
                        "tide",
                        "-keyalg",
                        "EC",
                        "-groupname",
                        "secp256r1",
                        "-dname",
                        "CN=localhost",
                        "-ext",
                        "SAN=ip:127.0.0.1,dns:localhost",
                        "-storetype",
                        "PKCS12",
                        "-keystore",
                        keystore.toString(),
                        "-storepass",
                        PASSWORD))
                .redirectErrorStream(true)
                .start();
        keytool.getInputStream().readAllBytes();
        assertThat(keytool.waitFor()).isZero();
        return keystore;
    }

    @Test
    void aMissingKeystoreOrPasswordVariableIsRefused() {
        Path missing = folder.resolve("none.p12");
        assertThat(server("--tls-keystore", missing.toString(), "--tls-password-env", "PATH")
                        .err())
                .isEqualTo("tide: TLS keystore " + missing + ": no such file\n");
        assertThat(server("--tls-keystore", missing.toString(), "--tls-password-env", "TIDE_TEST_NEVER_SET")
                        .err())
                .isEqualTo("tide: --tls-password-env: the environment variable TIDE_TEST_NEVER_SET is not set\n");
        assertThat(server("--tls-keystore", missing.toString()).err())
                .startsWith("tide: --tls-keystore: needs its password: tide.server.tls.password-env");
        assertThat(data).doesNotExist();
    }

    @Test
    void plainHttpBeyondLoopbackIsRefusedNamingTheOptions() {
        CliRun run = server("--host", "0.0.0.0", "--port", "0");
        assertThat(run.code()).isEqualTo(1);
        assertThat(run.err())
                .startsWith("tide: binding 0.0.0.0 (not a loopback address) without TLS")
                .contains("--tls-keystore", "--allow-plain-http")
                .hasLineCount(1);
        assertThat(data).doesNotExist();
    }

    private CliRun server(String... options) {
        List<String> args = new java.util.ArrayList<>(List.of("server", "--data", data.toString()));
        args.addAll(List.of(options));
        return CliRun.of(args.toArray(String[]::new));
    }
}
