package dev.tide.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.tide.api.TaskType;
import java.time.Duration;
import org.junit.jupiter.api.Test;

class TypeRoutesTest extends HttpTestBase {

    @Test
    void putDefinesATaskTypeNamedByThePath() {
        var answer = raw.put(
                "v1/task-types/email",
                "{\"priority\":5,\"maxAttempts\":3,\"leaseDuration\":\"PT2M\","
                        + "\"backoff\":{\"initial\":\"PT1S\",\"multiplier\":2,\"max\":\"PT1M\",\"jitter\":0.1}}");

        assertThat(answer.status()).as(answer.toString()).isEqualTo(200);
        assertThat(answer.json().path("name").asText()).isEqualTo("email");
        assertThat(engine.taskTypes()).hasSize(1);
        TaskType stored = engine.taskTypes().get(0);
        assertThat(stored.maxAttempts()).isEqualTo(3);
        assertThat(stored.leaseDuration()).isEqualTo(Duration.ofMinutes(2));

        JsonNode listed = raw.get("v1/task-types").json().path("types");
        assertThat(listed).hasSize(1);
        assertThat(listed.get(0).path("backoff").path("max").asText()).isEqualTo("PT1M");
    }

    @Test
    void aNameInTheBodyMustAgreeWithThePath() {
        assertThat(raw.put("v1/task-types/email", "{\"name\":\"email\"}").status())
                .isEqualTo(200);

        assertInvalid(raw.put("v1/task-types/email", "{\"name\":\"sms\",\"priority\":1}"), "name");

        assertThat(engine.taskTypes().get(0).priority()).isNull();
    }

    @Test
    void aBadTaskTypeIsRefusedNamingTheFieldAndWritesNothing() {
        assertInvalid(raw.put("v1/task-types/email", "{\"maxAttempts\":0}"), "maxAttempts");
        assertInvalid(
                raw.put(
                        "v1/task-types/email",
                        "{\"backoff\":{\"initial\":\"PT-1S\",\"multiplier\":2,\"max\":\"PT1M\",\"jitter\":0}}"),
                "backoff.initial");
        assertInvalid(raw.put("v1/task-types/email", "{\"leaseDuration\":300}"), "leaseDuration");
        assertInvalid(raw.put("v1/task-types/email", "{\"retries\":3}"), "retries");
        assertInvalid(raw.put("v1/task-types/bad%20name", "{}"), "name");
        assertInvalid(raw.put("v1/task-types/email", null), "body");

        assertThat(engine.taskTypes()).isEmpty();
    }

    @Test
    void putDefinesAJobTypeNamedByThePath() {
        var answer = raw.put(
                "v1/job-types/import",
                "{\"priority\":2,\"defaultDuration\":\"PT1H\",\"taskDefaults\":{\"maxAttempts\":2},"
                        + "\"completionTaskType\":\"report\"}");

        assertThat(answer.status()).as(answer.toString()).isEqualTo(200);
        assertThat(engine.jobTypes()).hasSize(1);
        assertThat(engine.jobTypes().get(0).taskDefaults().maxAttempts()).isEqualTo(2);
        assertThat(raw.get("v1/job-types")
                        .json()
                        .path("types")
                        .get(0)
                        .path("name")
                        .asText())
                .isEqualTo("import");
    }

    @Test
    void aBadJobTypeIsRefusedNamingTheFieldAndWritesNothing() {
        assertInvalid(
                raw.put("v1/job-types/import", "{\"taskDefaults\":{\"maxAttempts\":0}}"), "taskDefaults.maxAttempts");
        assertInvalid(
                raw.put(
                        "v1/job-types/import",
                        "{\"taskDefaults\":{\"backoff\":{\"initial\":\"PT1M\",\"multiplier\":2,\"max\":\"PT1S\",\"jitter\":0}}}"),
                "taskDefaults.backoff.max");
        assertInvalid(raw.put("v1/job-types/import", "{\"alertUsers\":[\"ada\"]}"), "alertTaskType");
        assertInvalid(raw.put("v1/job-types/import", "{\"name\":\"export\"}"), "name");

        assertThat(engine.jobTypes()).isEmpty();
    }
}
