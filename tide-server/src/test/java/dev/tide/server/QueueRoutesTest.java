package dev.tide.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.tide.api.ClaimRequest;
import dev.tide.api.Discipline;
import dev.tide.api.NewTask;
import dev.tide.api.QueueDefinition;
import dev.tide.api.ServedTasks;
import dev.tide.api.auth.Role;
import dev.tide.core.testing.TestUsers;
import java.time.Duration;
import org.junit.jupiter.api.Test;

class QueueRoutesTest extends HttpTestBase {

    @Test
    void putDefinesAQueueNamedByThePathAndGetListsIt() {
        var answer = raw.put("v1/queues/mail", "{\"discipline\":\"edf\"}");

        assertThat(answer.status()).as(answer.toString()).isEqualTo(200);
        assertThat(answer.json().path("name").asText()).isEqualTo("mail");
        assertThat(answer.json().path("discipline").asText()).isEqualTo("edf");
        assertThat(answer.json().path("suspended").asBoolean()).isFalse();
        assertThat(engine.queues().list())
                .singleElement()
                .satisfies(q -> assertThat(q.discipline()).isEqualTo(Discipline.EDF));
        assertThat(raw.get("v1/queues")
                        .json()
                        .path("queues")
                        .get(0)
                        .path("name")
                        .asText())
                .isEqualTo("mail");
    }

    @Test
    void suspendAndResumeTakeNoBody() {
        var suspended = raw.post("v1/queues/mail/suspend", null);
        assertThat(suspended.status()).as(suspended.toString()).isEqualTo(200);
        assertThat(suspended.json().path("suspended").asBoolean()).isTrue();
        assertThat(engine.queues().list().get(0).suspended()).isTrue();

        assertInvalid(raw.post("v1/queues/mail/resume", "{\"now\":true}"), "now");
        assertThat(engine.queues().list().get(0).suspended()).isTrue();

        assertThat(raw.post("v1/queues/mail/resume", "{}")
                        .json()
                        .path("suspended")
                        .asBoolean())
                .isFalse();
    }

    @Test
    void aBadQueueDefinitionIsRefusedNamingTheFieldAndWritesNothing() {
        assertInvalid(raw.put("v1/queues/mail", "{\"discipline\":\"lifo\"}"), "discipline");
        assertInvalid(raw.put("v1/queues/mail", "{\"name\":\"sms\"}"), "name");
        assertInvalid(raw.put("v1/queues/bad%20name", "{}"), "name");
        assertInvalid(raw.put("v1/queues/mail", "{\"weights\":1}"), "weights");
        assertInvalid(raw.post("v1/queues/bad%20name/suspend", null), "queue");

        assertThat(engine.queues().list()).isEmpty();
    }

    /**
     * {@code GET /v1/queues/{name}/served}: what a fair queue served each user in the last hour, to workers and
     * administrators (it names every user, so not to a submitter), by the server's clock.
     */
    @Test
    void servedListsAFairQueuesUsersForReadersOnly() {
        engine.queues().define(QueueDefinition.named("shared").withDiscipline(Discipline.FAIR));
        for (String owner : new String[] {"ada", "ada", "bob"}) {
            engine.enqueue(NewTask.builder("email").queue("shared").owner(owner).build());
        }
        for (var task : engine.claim(ClaimRequest.of("shared", "w", 3))) {
            engine.ack(task.ack().succeed());
        }
        clock.advance(Duration.ofMinutes(10));

        var answer = raw.get("v1/queues/shared/served");
        assertThat(answer.status()).as(answer.toString()).isEqualTo(200);
        JsonNode json = answer.json();
        assertThat(json.path("queue").asText()).isEqualTo("shared");
        assertThat(json.path("to").asText())
                .isEqualTo(START.plus(Duration.ofMinutes(10)).toString());
        assertThat(json.path("from").asText())
                .isEqualTo(START.minus(Duration.ofMinutes(50)).toString());
        assertThat(json.path("partial").asBoolean()).isFalse();
        assertThat(json.path("users").toString())
                .isEqualTo("[{\"user\":\"ada\",\"tasks\":2},{\"user\":\"bob\",\"tasks\":1}]");
        assertThat(client.queues().served("shared")).isEqualTo(engine.queues().served("shared"));

        try (RawHttp worker = raw.as(TestUsers.token(engine.accounts(), "wanda", Role.WORKER));
                RawHttp submitter = raw.as(TestUsers.token(engine.accounts(), "ada", Role.SUBMITTER))) {
            assertThat(worker.get("v1/queues/shared/served").status()).isEqualTo(200);
            assertRefused(submitter.get("v1/queues/shared/served"), 403, "forbidden", null);
        }
        assertInvalid(raw.get("v1/queues/bad%20name/served"), "queue");
        assertInvalid(raw.get("v1/queues/shared/served?window=PT2H"), "window");

        clock.advance(ServedTasks.WINDOW);
        assertThat(raw.get("v1/queues/shared/served").json().path("users")).isEmpty();
    }
}
