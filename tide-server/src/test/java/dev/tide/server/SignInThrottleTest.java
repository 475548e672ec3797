package dev.tide.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.tide.api.auth.NewAccount;
import dev.tide.api.auth.Role;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/**
 * Sign-in over HTTP is throttled per user name and per client address (clients come from several loopback addresses,
 * 127.0.0.2 and up), by the engine's clock, which the test moves. A throttled answer is the same whether the user
 * exists or not.
 */
class SignInThrottleTest extends HttpTestBase {
    private static final int PER_USER = 2;
    private static final int PER_ADDRESS = 3;

    @Override
    TideServer.Builder server(TideServer.Builder builder) {
        return builder.signInsPerUserPerMinute(PER_USER).signInsPerAddressPerMinute(PER_ADDRESS);
    }

    private record Answer(int status, JsonNode json, String retryAfter) {}

    private Answer signIn(String from, String user, String password) {
        try (HttpClient http = HttpClient.newBuilder()
                .version(HttpClient.Version.HTTP_1_1)
                .localAddress(InetAddress.getByName(from))
                .build()) {
            HttpRequest request = HttpRequest.newBuilder(fixture.server().uri().resolve("v1/sessions"))
                    .header("Content-Type", "application/json")
                    .POST(HttpRequest.BodyPublishers.ofString(
                            "{\"user\":\"" + user + "\",\"password\":\"" + password + "\"}"))
                    .build();
            HttpResponse<String> response = http.send(request, HttpResponse.BodyHandlers.ofString());
            JsonNode json = dev.tide.api.json.Json.mapper().readTree(response.body());
            return new Answer(
                    response.statusCode(),
                    json,
                    response.headers().firstValue("Retry-After").orElse(null));
        } catch (UnknownHostException e) {
            throw new IllegalStateException(e);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    private void addAda() {
        engine.accounts().addAccount(NewAccount.of("ada", Role.SUBMITTER).withPassword("correct horse"));
    }

    private static void assertThrottled(Answer answer, String whose, int retryAfter) {
        assertThat(answer.status()).as(answer.toString()).isEqualTo(429);
        assertThat(answer.retryAfter()).isEqualTo(String.valueOf(retryAfter));
        assertThat(answer.json().path("error").asText()).isEqualTo("sign_in_throttled");
        assertThat(answer.json().path("message").asText()).contains(whose);
    }

    @Test
    void aUserNameIsThrottledFromEveryAddressAndRightPasswordsCountToo() {
        addAda();
        assertThat(signIn("127.0.0.2", "ada", "wrong").status()).isEqualTo(401);
        assertThat(signIn("127.0.0.3", "ada", "correct horse").status()).isEqualTo(201);

        Answer third = signIn("127.0.0.4", "ada", "correct horse");

        assertThrottled(third, "for this user name", 60 / PER_USER);
        clock.advance(Duration.ofSeconds(60 / PER_USER));
        assertThat(signIn("127.0.0.5", "ada", "correct horse").status()).isEqualTo(201);
        assertThrottled(signIn("127.0.0.6", "ada", "correct horse"), "for this user name", 60 / PER_USER);
    }

    @Test
    void aMissingUserIsThrottledExactlyAsAnExistingOne() {
        addAda();
        Answer[] existing = new Answer[PER_USER + 1];
        Answer[] missing = new Answer[PER_USER + 1];
        for (int i = 0; i <= PER_USER; i++) {
            existing[i] = signIn("127.0.0.2", "ada", "wrong");
            missing[i] = signIn("127.0.0.3", "nobody", "wrong");
        }

        for (int i = 0; i <= PER_USER; i++) {
            assertThat(missing[i].status()).isEqualTo(existing[i].status());
            assertThat(missing[i].json()).isEqualTo(existing[i].json());
            assertThat(missing[i].retryAfter()).isEqualTo(existing[i].retryAfter());
        }
        assertThrottled(missing[PER_USER], "for this user name", 60 / PER_USER);
    }

    @Test
    void anAddressIsThrottledAcrossNamesAndOtherAddressesAreNot() {
        for (int i = 0; i < PER_ADDRESS; i++) {
            assertThat(signIn("127.0.0.2", "guess" + i, "wrong").status()).isEqualTo(401);
        }

        assertThrottled(signIn("127.0.0.2", "another", "wrong"), "from this address", 60 / PER_ADDRESS);
        assertThat(signIn("127.0.0.3", "another", "wrong").status()).isEqualTo(401);
        clock.advance(Duration.ofSeconds(60 / PER_ADDRESS));
        assertThat(signIn("127.0.0.2", "yetanother", "wrong").status()).isEqualTo(401);
    }
}
