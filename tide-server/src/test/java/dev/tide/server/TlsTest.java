package dev.tide.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tide.api.Ack;
import dev.tide.api.ClaimRequest;
import dev.tide.api.LeasedTask;
import dev.tide.api.NewTask;
import dev.tide.api.Outcome;
import dev.tide.api.TaskInfo;
import dev.tide.api.TaskQuery;
import dev.tide.api.TaskState;
import dev.tide.api.TideException;
import dev.tide.client.TideClient;
import dev.tide.core.Tide;
import dev.tide.core.testing.TestUsers;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import javax.net.ssl.SSLHandshakeException;
import org.assertj.core.api.InstanceOfAssertFactories;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** HTTPS from a keystore made by keytool, and the rule that plain HTTP stays on loopback unless allowed. */
class TlsTest {
    @TempDir
    static Path keys;

    static GeneratedKeystore certificate;

    @TempDir
    Path folder;

    Tide engine;
    String token;

    @BeforeAll
    static void generate() {
        certificate = GeneratedKeystore.in(keys);
    }

    @BeforeEach
    void openEngine() {
        engine = Tide.builder().sqlite(folder).build();
        token = TestUsers.adminToken(engine.accounts());
    }

    @AfterEach
    void closeEngine() {
        engine.close();
    }

    private TideServer.Builder tlsServer() {
        return TideServer.builder(engine).port(0).tls(certificate.keystore(), certificate.password());
    }

    @Test
    void aClientTrustingTheCertificateEnqueuesClaimsAndAcksOverHttps() {
        try (TideServer server = tlsServer().build().start();
                TideClient client = TideClient.builder(server.uri())
                        .token(token)
                        .trustStore(certificate.trustStore(), certificate.password())
                        .build()) {
            assertThat(server.uri().toString()).startsWith("https://127.0.0.1:");
            long id = client.enqueue(NewTask.of("email", Map.of("to", "ada@example.org")))
                    .id();
            List<LeasedTask> leased = client.claim(ClaimRequest.of("default", "w1", 1));
            assertThat(leased).extracting(t -> t.task().id()).containsExactly(id);
            client.ack(Ack.builder(leased.getFirst().lease()).succeed());
            TaskInfo done = client.task(id);
            assertThat(done.state()).isEqualTo(TaskState.FINISHED);
            assertThat(done.outcome()).isEqualTo(Outcome.SUCCEEDED);
        }
    }

    @Test
    void theKeyIsChosenByAlias() {
        try (TideServer server = TideServer.builder(engine)
                        .port(0)
                        .tls(certificate.keystore(), certificate.password(), GeneratedKeystore.ALIAS)
                        .build()
                        .start();
                TideClient client = TideClient.builder(server.uri())
                        .token(token)
                        .trustStore(certificate.trustStore(), certificate.password())
                        .build()) {
            assertThat(client.tasks(TaskQuery.all()).items()).isEmpty();
        }
        assertThatThrownBy(
                        () -> TideServer.builder(engine).tls(certificate.keystore(), certificate.password(), "other"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("TLS keystore " + certificate.keystore() + ": holds no private key under the alias other");
    }

    @Test
    void plainHttpToTheTlsPortGetsNoAnswer() {
        try (TideServer server = tlsServer().build().start();
                TideClient plain = TideClient.builder(URI.create("http://127.0.0.1:" + server.port() + "/"))
                        .token(token)
                        .requestTimeout(Duration.ofSeconds(5))
                        .build()) {
            assertThatThrownBy(() -> plain.enqueue(NewTask.of("email", null)))
                    .isInstanceOf(TideException.class)
                    // the server answers with a TLS alert, which is no HTTP status line
                    .hasMessageContaining("could not be reached");
            assertThat(engine.tasks(TaskQuery.all()).items()).isEmpty();
        }
    }

    @Test
    void aClientThatDoesNotTrustTheCertificateIsRefusedInTheHandshake() {
        try (TideServer server = tlsServer().build().start();
                TideClient untrusting =
                        TideClient.builder(server.uri()).token(token).build()) {
            assertThatThrownBy(() -> untrusting.enqueue(NewTask.of("email", null)))
                    .isInstanceOf(TideException.class)
                    .extracting(Throwable::getCause, InstanceOfAssertFactories.THROWABLE)
                    .isInstanceOf(SSLHandshakeException.class);
        }
    }

    @Test
    void aWrongPasswordOrAMissingFileIsToldWhenConfigured() {
        assertThatThrownBy(() -> TideServer.builder(engine).tls(certificate.keystore(), "wrong".toCharArray()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("TLS keystore " + certificate.keystore() + ": wrong password");
        Path missing = folder.resolve("none.p12");
        assertThatThrownBy(() -> TideServer.builder(engine).tls(missing, certificate.password()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("TLS keystore " + missing + ": no such file");
    }

    @Test
    void plainHttpOnAnAddressBeyondLoopbackIsRefusedUnlessAllowed() {
        assertThatThrownBy(
                        () -> TideServer.builder(engine).host("0.0.0.0").port(0).build())
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("binding 0.0.0.0 (not a loopback address) without TLS")
                .hasMessageContaining("--allow-plain-http")
                .hasMessageContaining("allowPlainHttp");
        try (TideServer server = TideServer.builder(engine)
                        .host("0.0.0.0")
                        .port(0)
                        .allowPlainHttp(true)
                        .build()
                        .start();
                TideClient client = TideClient.builder(URI.create("http://127.0.0.1:" + server.port() + "/"))
                        .token(token)
                        .build()) {
            assertThat(client.enqueue(NewTask.of("email", null)).created()).isTrue();
        }
        try (TideServer server = tlsServer().host("0.0.0.0").build().start();
                TideClient client = TideClient.builder(URI.create("https://127.0.0.1:" + server.port() + "/"))
                        .token(token)
                        .trustStore(certificate.trustStore(), certificate.password())
                        .build()) {
            assertThat(client.enqueue(NewTask.of("email", null)).created()).isTrue();
        }
    }
}
