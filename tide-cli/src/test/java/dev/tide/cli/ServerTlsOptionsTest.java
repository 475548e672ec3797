package dev.tide.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tide.cli.testing.CliRun;
import dev.tide.core.testing.TempFolders;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * {@code tide server}'s TLS options refused before anything is opened: one line, exit 1, no data folder. The password
 * comes from an environment variable; this JVM cannot set one, so the wrong password is that of {@code PATH}, which
 * every process has and no keystore here is locked with.
 */
class ServerTlsOptionsTest {
    private final Path folder = TempFolders.create("tide-cli-tls-");
    private final Path data = folder.resolve("data");

    @AfterEach
    void clean() {
        TempFolders.delete(folder);
    }

    @Test
    void aWrongPasswordIsOneLineAndOpensNothing() throws Exception {
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
                        "keystore-secret"))
                .redirectErrorStream(true)
                .start();
        keytool.getInputStream().readAllBytes();
        assertThat(keytool.waitFor()).isZero();

        CliRun run = server("--tls-keystore", keystore.toString(), "--tls-password-env", "PATH");

        assertThat(run.code()).isEqualTo(1);
        assertThat(run.err()).isEqualTo("tide: TLS keystore " + keystore + ": wrong password\n");
        assertThat(data).doesNotExist();
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
        assertThat(server("--tls-keystore", missing.toString()).err()).startsWith("tide: --tls-keystore needs ");
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
