package dev.tide.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.tide.api.EventQuery;
import dev.tide.api.NewTask;
import dev.tide.api.TideEvent;
import dev.tide.api.auth.Caller;
import dev.tide.api.auth.NewAccount;
import dev.tide.api.auth.Role;
import dev.tide.core.testing.TestUsers;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * Every route asks for credentials and a role, over real HTTP: 401 without a valid token (with a Bearer challenge),
 * 403 for a role that may not, and nothing written either way; sign-in, sign-out and the actor in the event log.
 */
class AuthenticationTest extends HttpTestBase {
    private static final String TASK = "{\"type\":\"email\",\"payload\":{\"to\":\"ada\"}}";

    private RawHttp as(String user, Role... roles) {
        return raw.as(TestUsers.token(engine.accounts(), user, roles));
    }

    @Test
    void aRequestWithoutAValidTokenIsRefusedWithAChallenge() {
        try (RawHttp anonymous = raw.as(null);
                RawHttp forged = raw.as("tide_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA")) {
            for (RawHttp.Answer answer : new RawHttp.Answer[] {
                anonymous.post("v1/tasks", TASK),
                forged.post("v1/tasks", TASK),
                anonymous.get("v1/tasks/1"),
                anonymous.get("metrics"),
                anonymous.get("v1/whoami")
            }) {
                assertRefused(answer, 401, "unauthenticated", null);
                assertThat(answer.header("WWW-Authenticate")).isEqualTo("Bearer realm=\"tide\"");
            }
        }
        assertThat(taskCount()).isZero();
    }

    @Test
    void probesTheApiDocumentAndSignInNeedNoToken() {
        try (RawHttp anonymous = raw.as(null)) {
            assertThat(anonymous.get("healthz").status()).isEqualTo(200);
            assertThat(anonymous.get("readyz").status()).isEqualTo(200);
            assertThat(anonymous.get("v1/openapi.json").status()).isEqualTo(200);
            assertRefused(
                    anonymous.post("v1/sessions", "{\"user\":\"nobody\",\"password\":\"whatever it is\"}"),
                    401,
                    "unauthenticated",
                    null);
        }
    }

    @Test
    void eachRoleReachesItsRoutesOnly() {
        try (RawHttp submitter = as("sam", Role.SUBMITTER);
                RawHttp worker = as("wes", Role.WORKER)) {
            assertThat(submitter.post("v1/tasks", TASK).status()).isEqualTo(201);
            assertRefused(submitter.post("v1/claims", "{\"worker\":\"w\",\"limit\":1}"), 403, "forbidden", null);
            RawHttp.Answer queueRefused = submitter.put("v1/queues/mail", "{}");
            assertRefused(queueRefused, 403, "forbidden", null);
            assertThat(queueRefused.json().path("message").asText())
                    .as("the route, not the request's path nor '*'")
                    .contains("may not PUT /v1/queues/{name}");
            assertRefused(submitter.get("v1/users"), 403, "forbidden", null);
            assertRefused(submitter.get("metrics"), 403, "forbidden", null);

            assertRefused(worker.post("v1/tasks", TASK), 403, "forbidden", null);
            assertThat(worker.post("v1/claims", "{\"worker\":\"w\",\"limit\":1}")
                            .json()
                            .path("tasks"))
                    .hasSize(1);
            assertRefused(worker.post("v1/suspend", "{}"), 403, "forbidden", null);
            assertThat(worker.get("v1/tasks").json().path("items"))
                    .as("a worker reads every user's tasks, as security.md says")
                    .hasSize(1);

            RawHttp.Answer refused = worker.post("v1/users", "{\"name\":\"eve\",\"roles\":[\"admin\"]}");
            assertRefused(refused, 403, "forbidden", null);
            assertThat(refused.json().path("message").asText())
                    .contains("may not POST /v1/users:")
                    .contains("wes")
                    .contains("worker")
                    .contains("admin");
        }
        assertThat(taskCount()).isEqualTo(1);
        assertThat(engine.queues().list()).extracting(q -> q.name()).doesNotContain("mail");
        assertThat(engine.monitoring().status().suspended()).isFalse();
        assertThat(engine.accounts().accounts()).extracting(a -> a.name()).doesNotContain("eve");
    }

    @Test
    void aPasswordSignsInAndSigningOutEndsTheSession() {
        engine.accounts().addAccount(NewAccount.of("ada", Role.SUBMITTER).withPassword("a long enough passphrase"));
        try (RawHttp anonymous = raw.as(null)) {
            RawHttp.Answer wrong =
                    anonymous.post("v1/sessions", "{\"user\":\"ada\",\"password\":\"not the passphrase\"}");
            assertRefused(wrong, 401, "unauthenticated", null);

            RawHttp.Answer session =
                    anonymous.post("v1/sessions", "{\"user\":\"ada\",\"password\":\"a long enough passphrase\"}");
            assertThat(session.status()).as(session.toString()).isEqualTo(201);
            assertThat(session.json().path("kind").asText()).isEqualTo("session");
            try (RawHttp ada = raw.as(session.json().path("token").asText())) {
                JsonNode me = ada.get("v1/whoami").json();
                assertThat(me.path("user").asText()).isEqualTo("ada");
                assertThat(me.path("roles").get(0).asText()).isEqualTo("submitter");

                assertThat(ada.send("DELETE", "v1/sessions/current", null).status())
                        .isEqualTo(204);
                assertRefused(ada.get("v1/whoami"), 401, "unauthenticated", null);
            }
        }
    }

    @Test
    void aDisabledUserIsRefusedAtOnce() {
        try (RawHttp sam = as("sam", Role.SUBMITTER)) {
            assertThat(sam.post("v1/tasks", TASK).status()).isEqualTo(201);
            assertThat(raw.post("v1/users/sam/disable", "{}").status()).isEqualTo(200);
            assertRefused(sam.post("v1/tasks", TASK), 401, "unauthenticated", null);
        }
        assertThat(taskCount()).isEqualTo(1);
    }

    @Test
    void theEventLogNamesTheAuthenticatedCaller() {
        try (RawHttp ops = as("ops", Role.ADMIN)) {
            assertThat(ops.post("v1/suspend", "{}").status()).isEqualTo(200);
        }
        TideEvent suspended = engine.monitoring()
                .events(EventQuery.recent().withKind(TideEvent.SUSPENDED))
                .get(0);
        assertThat(suspended.detail()).contains("\"actor\":\"ops\"");
    }

    @Test
    void anotherAuthorizationServiceDecidesWhoCallsAndSubmittersStayConfined() {
        Authorization directory = new Authorization() {
            @Override
            public Optional<Caller> authenticate(String token) {
                return token.equals("directory:sam")
                        ? Optional.of(new Caller("sam", Set.of(Role.SUBMITTER)))
                        : Optional.empty();
            }

            @Override
            public boolean permits(Caller caller, Set<Access> access) {
                return !access.contains(Access.ADMIN) && Authorization.super.permits(caller, access);
            }
        };
        long bobs =
                engine.enqueue(NewTask.builder("email").owner("bob").build()).id();
        try (TideServer server = TideServer.builder(engine)
                        .port(0)
                        .authorization(directory)
                        .build()
                        .start();
                RawHttp sam = new RawHttp(server.uri(), "directory:sam");
                RawHttp builtIn = new RawHttp(server.uri(), fixture.adminToken())) {
            RawHttp.Answer enqueued = sam.post("v1/tasks", TASK);
            assertThat(enqueued.status()).isEqualTo(201);
            assertThat(enqueued.json().path("task").path("owner").asText()).isEqualTo("sam");
            assertRefused(sam.get("v1/tasks/" + bobs), 404, "not_found", null);
            assertRefused(builtIn.get("v1/whoami"), 401, "unauthenticated", null);
        }
    }
}
