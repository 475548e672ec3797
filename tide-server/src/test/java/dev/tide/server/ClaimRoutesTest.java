package dev.tide.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.tide.api.NewTask;
import dev.tide.api.TaskState;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class ClaimRoutesTest extends HttpTestBase {

    @Test
    void claimAnswersLeasedTasksOfTheTypesAsked() {
        long email = enqueue("email");
        enqueue("sms");

        var answer = raw.post(
                "v1/claims",
                "{\"queue\":\"default\",\"worker\":\"w1\",\"limit\":5,\"types\":[\"email\"],\"leaseDuration\":\"PT1M\"}");

        assertThat(answer.status()).as(answer.toString()).isEqualTo(200);
        JsonNode tasks = answer.json().path("tasks");
        assertThat(tasks).hasSize(1);
        JsonNode leased = tasks.get(0);
        assertThat(leased.path("task").path("id").asLong()).isEqualTo(email);
        assertThat(leased.path("task").path("state").asText()).isEqualTo("leased");
        assertThat(leased.path("lease").path("owner").asText()).isEqualTo("w1");
        assertThat(leased.path("lease").path("token").asText()).isNotBlank();
        assertThat(leased.path("lease").path("duration").asText()).isEqualTo("PT1M");
        assertThat(leased.path("lease").path("expiresAt").asText()).isEqualTo("2030-01-07T09:01:00Z");
        assertThat(engine.task(email).leaseOwner()).isEqualTo("w1");
    }

    @Test
    void claimOnAnEmptyQueueWithoutWaitAnswersAnEmptyListAtOnce() {
        var answer = raw.post("v1/claims", "{\"worker\":\"w1\",\"limit\":1}");

        assertThat(answer.status()).isEqualTo(200);
        assertThat(answer.json().path("tasks")).isEmpty();
    }

    @Test
    void aClaimWithoutALimitIsToldTheLimitIsRequired() {
        for (String body : new String[] {"{\"worker\":\"w1\"}", "{\"worker\":\"w1\",\"limit\":null}"}) {
            var answer = raw.post("v1/claims", body);
            assertThat(answer.status()).as(body).isEqualTo(400);
            assertThat(answer.json().path("message").asText()).as(body).isEqualTo("limit: is required: a whole number");
        }
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource(
            delimiter = '|',
            value = {
                "{\"worker\":\"w1\",\"limit\":-1}                              | limit",
                "{\"worker\":\"w1\",\"limit\":0}                               | limit",
                "{\"worker\":\"w1\",\"limit\":1001}                            | limit",
                "{\"worker\":\"w1\"}                                           | limit",
                "{\"limit\":1}                                                 | worker",
                "{\"worker\":\"w1\",\"limit\":1,\"leaseDuration\":\"5 min\"}   | leaseDuration",
                "{\"worker\":\"w1\",\"limit\":1,\"leaseDuration\":\"PT0S\"}    | leaseDuration",
                "{\"worker\":\"w1\",\"limit\":1,\"waitFor\":\"-PT1S\"}         | waitFor",
                "{\"worker\":\"w1\",\"limit\":1,\"types\":\"email\"}           | types",
                "{\"worker\":\"w1\",\"limit\":1,\"queue\":\"a b\"}             | queue",
                "{\"worker\":\"w1\",\"limit\":1,\"wait\":\"PT1S\"}             | wait",
            })
    void aBadClaimIsRefusedNamingTheFieldAndLeasesNothing(String body, String field) {
        long id = enqueue("email");

        assertInvalid(raw.post("v1/claims", body), field);

        assertThat(engine.task(id).state()).isEqualTo(TaskState.READY);
    }

    @Test
    void claimOfOneTaskAnswersItLeased() {
        long id = enqueue("email");

        var answer = raw.post("v1/tasks/" + id + "/claim", "{\"worker\":\"picker\",\"leaseDuration\":\"PT2M\"}");

        assertThat(answer.status()).as(answer.toString()).isEqualTo(200);
        assertThat(answer.json().path("task").path("id").asLong()).isEqualTo(id);
        assertThat(answer.json().path("lease").path("owner").asText()).isEqualTo("picker");
        assertThat(engine.task(id).state()).isEqualTo(TaskState.LEASED);
    }

    @Test
    void claimOfATaskThatIsNotReadyIsAConflict() {
        long held = enqueue("email");
        raw.post("v1/tasks/" + held + "/claim", "{\"worker\":\"first\"}");
        long later = engine.enqueue(
                        NewTask.builder("email").delay(Duration.ofHours(1)).build())
                .id();

        assertRefused(raw.post("v1/tasks/" + held + "/claim", "{\"worker\":\"second\"}"), 409, "conflict", null);
        assertRefused(raw.post("v1/tasks/" + later + "/claim", "{\"worker\":\"second\"}"), 409, "conflict", null);

        assertThat(engine.task(held).leaseOwner()).isEqualTo("first");
        assertThat(engine.task(later).state()).isEqualTo(TaskState.SCHEDULED);
    }

    @Test
    void claimOfAMissingTaskIs404AndABadBodyIs400() {
        long id = enqueue("email");

        assertRefused(raw.post("v1/tasks/9999/claim", "{\"worker\":\"w\"}"), 404, "not_found", null);
        assertInvalid(raw.post("v1/tasks/" + id + "/claim", "{}"), "worker");
        assertInvalid(raw.post("v1/tasks/" + id + "/claim", null), "body");
        assertInvalid(raw.post("v1/tasks/" + id + "/claim", "{\"worker\":\"w\",\"lease\":\"PT1M\"}"), "lease");
        assertInvalid(raw.post("v1/tasks/x/claim", "{\"worker\":\"w\"}"), "id");

        assertThat(engine.task(id).state()).isEqualTo(TaskState.READY);
    }
}
