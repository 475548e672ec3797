package dev.tide.server;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tide.api.Discipline;
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
}
