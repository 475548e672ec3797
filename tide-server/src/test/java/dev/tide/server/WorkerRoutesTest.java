package dev.tide.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.tide.api.LeasedTask;
import dev.tide.api.TaskState;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class WorkerRoutesTest extends HttpTestBase {

    @Test
    void leasesListsTheTasksAWorkerHolds() {
        LeasedTask held = claimOne("w1");
        claimOne("w2");

        var answer = raw.get("v1/workers/w1/leases");

        assertThat(answer.status()).isEqualTo(200);
        JsonNode tasks = answer.json().path("tasks");
        assertThat(tasks).hasSize(1);
        assertThat(tasks.get(0).path("task").path("id").asLong()).isEqualTo(held.id());
        assertThat(tasks.get(0).path("lease").path("token").asText())
                .isEqualTo(held.lease().token());
    }

    @Test
    void resumeTakesTheLeasesUpWithFreshTokens() {
        LeasedTask held = claimOne("w1");

        var answer = raw.post("v1/workers/w1/resume", "{\"leaseDuration\":\"PT30M\"}");

        assertThat(answer.status()).as(answer.toString()).isEqualTo(200);
        JsonNode lease = answer.json().path("tasks").get(0).path("lease");
        assertThat(lease.path("token").asText()).isNotEqualTo(held.lease().token());
        assertThat(lease.path("expiresAt").asText()).isEqualTo("2030-01-07T09:30:00Z");
        assertThat(raw.post("v1/workers/w1/resume", null).json().path("tasks")).hasSize(1);
        assertInvalid(raw.post("v1/workers/w1/resume", "{\"leaseDuration\":\"half an hour\"}"), "leaseDuration");
    }

    @Test
    void releaseGivesEveryLeaseBack() {
        LeasedTask held = claimOne("w1");

        assertInvalid(raw.post("v1/workers/w1/release", "{\"all\":true}"), "all");
        assertThat(engine.task(held.id()).state()).isEqualTo(TaskState.LEASED);

        var answer = raw.post("v1/workers/w1/release", null);

        assertThat(answer.status()).as(answer.toString()).isEqualTo(200);
        assertThat(answer.json().path("released").asInt()).isEqualTo(1);
        assertThat(engine.task(held.id()).state()).isEqualTo(TaskState.READY);
        assertThat(raw.post("v1/workers/w1/release", "{}")
                        .json()
                        .path("released")
                        .asInt())
                .isZero();
    }

    @ParameterizedTest
    @ValueSource(strings = {"node-1/default", "a b", "zoë", "50%+1", "x?y#z", "..", "a/../b"})
    void workerNamesTravelIntactThroughTheClient(String worker) {
        LeasedTask held = claimOne(worker);

        assertThat(client.leases(worker)).extracting(LeasedTask::id).containsExactly(held.id());
        assertThat(client.resumeLeases(worker, null)).hasSize(1);
        assertThat(client.releaseLeases(worker)).isEqualTo(1);
        assertThat(engine.task(held.id()).state()).isEqualTo(TaskState.READY);
    }
}
