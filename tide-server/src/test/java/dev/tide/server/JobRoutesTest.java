package dev.tide.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.tide.api.JobState;
import dev.tide.api.NewJob;
import dev.tide.api.NewTask;
import dev.tide.api.Outcome;
import dev.tide.core.TideConfig;
import org.junit.jupiter.api.Test;

class JobRoutesTest extends HttpTestBase {

    @Override
    TideConfig config() {
        return super.config().withPayloadCap(1024);
    }

    private long createJob() {
        return engine.createJob(NewJob.builder("import")
                        .info(java.util.Map.of("line", 0))
                        .task(NewTask.of("read", null))
                        .build())
                .job()
                .id();
    }

    @Test
    void createAnswers201WithTheJobAndItsTaskIds() {
        var answer = raw.post(
                "v1/jobs",
                "{\"type\":\"import\",\"title\":\"January\",\"owner\":\"ada\",\"info\":{\"line\":0},"
                        + "\"tasks\":[{\"type\":\"read\"},{\"type\":\"read\"}]}");

        assertThat(answer.status()).as(answer.toString()).isEqualTo(201);
        JsonNode json = answer.json();
        long jobId = json.path("job").path("id").asLong();
        assertThat(json.path("job").path("info").path("line").asInt()).isZero();
        assertThat(json.path("job").path("total").asInt()).isEqualTo(2);
        assertThat(json.path("taskIds")).hasSize(2);
        assertThat(engine.task(json.path("taskIds").get(0).asLong()).jobId()).isEqualTo(jobId);
        assertThat(engine.job(jobId).owner()).isEqualTo("ada");
    }

    @Test
    void aBadJobIsRefusedNamingTheFieldAndWritesNothing() {
        assertInvalid(raw.post("v1/jobs", "{\"title\":\"no type\"}"), "type");
        assertInvalid(raw.post("v1/jobs", "{\"type\":\"import\",\"tasks\":[{\"type\":\"read\"},{}]}"), "tasks[1].type");
        assertInvalid(raw.post("v1/jobs", "{\"type\":\"import\",\"priority\":\"top\"}"), "priority");
        assertInvalid(raw.post("v1/jobs", "{\"type\":\"import\",\"size\":3}"), "size");

        assertThat(taskCount()).isZero();
        assertRefused(raw.get("v1/jobs/1"), 404, "not_found", null);
    }

    @Test
    void getAnswersTheJobOr404() {
        long id = createJob();

        var answer = raw.get("v1/jobs/" + id);

        assertThat(answer.status()).isEqualTo(200);
        assertThat(answer.json().path("type").asText()).isEqualTo("import");
        assertThat(answer.json().path("state").asText()).isEqualTo("open");
        assertThat(answer.json().path("pending").asInt()).isEqualTo(1);
        assertRefused(raw.get("v1/jobs/" + (id + 1)), 404, "not_found", null);
        assertInvalid(raw.get("v1/jobs/first"), "id");
    }

    @Test
    void cancelEndsTheJobAndItsTasks() {
        long id = createJob();

        var answer = raw.post("v1/jobs/" + id + "/cancel", "{\"reason\":\"wrong file\"}");

        assertThat(answer.status()).as(answer.toString()).isEqualTo(200);
        assertThat(answer.json().path("outcome").asText()).isEqualTo("cancelled");
        assertThat(engine.job(id).state()).isEqualTo(JobState.FINISHED);
        assertThat(engine.job(id).outcome()).isEqualTo(Outcome.CANCELLED);
        assertRefused(raw.post("v1/jobs/99/cancel", null), 404, "not_found", null);
    }

    @Test
    void aCancelWithABadBodyChangesNothing() {
        long id = createJob();

        assertInvalid(raw.post("v1/jobs/" + id + "/cancel", "{\"reason\":\"7\",\"force\":true}"), "force");

        assertThat(engine.job(id).state()).isEqualTo(JobState.OPEN);
    }

    @Test
    void putInfoReplacesTheInfoWithTheBody() {
        long id = createJob();

        var answer = raw.put("v1/jobs/" + id + "/info", "{\"line\": 42, \"file\": \"a.csv\"}");

        assertThat(answer.status()).as(answer.toString()).isEqualTo(200);
        assertThat(answer.json().path("info").path("line").asInt()).isEqualTo(42);
        assertThat(engine.job(id).info()).isEqualTo("{\"line\":42,\"file\":\"a.csv\"}");
        assertThat(raw.put("v1/jobs/" + id + "/info", "[1,2]").json().path("info"))
                .hasSize(2);
        assertThat(raw.put("v1/jobs/" + id + "/info", "null").status()).isEqualTo(200);
        assertThat(engine.job(id).info()).isNull();
    }

    @Test
    void aBadInfoIsRefusedAndChangesNothing() {
        long id = createJob();
        String before = engine.job(id).info();

        assertInvalid(raw.put("v1/jobs/" + id + "/info", "{\"line\":"), "info");
        assertInvalid(raw.put("v1/jobs/" + id + "/info", null), "info");
        assertRefused(
                raw.put("v1/jobs/" + id + "/info", "\"" + "x".repeat(2000) + "\""), 413, "payload_too_large", null);
        assertRefused(raw.put("v1/jobs/99/info", "{}"), 404, "not_found", null);

        assertThat(engine.job(id).info()).isEqualTo(before);
    }
}
