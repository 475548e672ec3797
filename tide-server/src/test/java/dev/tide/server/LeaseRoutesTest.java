package dev.tide.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.tide.api.LeasedTask;
import dev.tide.api.Outcome;
import dev.tide.api.TaskInfo;
import dev.tide.api.TaskState;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** Heartbeats and acknowledgements: the routes a lease holder uses. */
class LeaseRoutesTest extends HttpTestBase {

    @Test
    void heartbeatExtendsTheLease() {
        LeasedTask held = claimOne("w1");
        clock.advance(Duration.ofMinutes(1));

        var answer = raw.post(
                "v1/tasks/" + held.id() + "/heartbeat",
                "{\"token\":\"" + held.lease().token() + "\",\"extension\":\"PT10M\"}");

        assertThat(answer.status()).as(answer.toString()).isEqualTo(200);
        assertThat(answer.json().path("taskId").asLong()).isEqualTo(held.id());
        assertThat(answer.json().path("expiresAt").asText()).isEqualTo("2030-01-07T09:11:00Z");
        assertThat(engine.task(held.id()).leaseExpiresAt()).isEqualTo(START.plus(Duration.ofMinutes(11)));
    }

    @Test
    void heartbeatWithAStaleTokenIsLeaseLostAndChangesNothing() {
        LeasedTask held = claimOne("w1");
        TaskInfo before = engine.task(held.id());
        clock.advance(Duration.ofMinutes(1));

        var answer = raw.post("v1/tasks/" + held.id() + "/heartbeat", "{\"token\":\"stale\"}");

        assertRefused(answer, 409, "lease_lost", null);
        assertThat(answer.json().path("taskId").asLong()).isEqualTo(held.id());
        assertThat(engine.task(held.id())).isEqualTo(before);
    }

    @Test
    void heartbeatWithABadBodyIsRefused() {
        LeasedTask held = claimOne("w1");

        assertInvalid(raw.post("v1/tasks/" + held.id() + "/heartbeat", "{}"), "token");
        assertInvalid(
                raw.post(
                        "v1/tasks/" + held.id() + "/heartbeat",
                        "{\"token\":\"" + held.lease().token() + "\",\"extension\":\"long\"}"),
                "extension");
        assertThat(engine.task(held.id()).leaseExpiresAt())
                .isEqualTo(held.lease().expiresAt());
    }

    @Test
    void batchHeartbeatAnswersTheLeasesStillHeld() {
        LeasedTask kept = claimOne("w1");
        LeasedTask lost = claimOne("w1");
        engine.cancel(lost.id(), "taken away");

        var answer = raw.post(
                "v1/heartbeats",
                "{\"leases\":[" + dev.tide.api.json.Json.write(kept.lease()) + ","
                        + dev.tide.api.json.Json.write(lost.lease()) + "],\"extension\":\"PT1M\"}");

        assertThat(answer.status()).as(answer.toString()).isEqualTo(200);
        JsonNode leases = answer.json().path("leases");
        assertThat(leases).hasSize(1);
        assertThat(leases.get(0).path("taskId").asLong()).isEqualTo(kept.id());
        assertInvalid(raw.post("v1/heartbeats", "{\"extension\":\"PT1M\"}"), "leases");
        assertInvalid(raw.post("v1/heartbeats", "{\"leases\":[{\"taskId\":\"one\"}]}"), "leases[0].taskId");
    }

    @Test
    void ackSucceedsTheTask() {
        LeasedTask held = claimOne("w1");

        var answer = raw.post(
                "v1/tasks/" + held.id() + "/ack",
                "{\"token\":\"" + held.lease().token() + "\",\"kind\":\"succeed\",\"result\":{\"sent\":true}}");

        assertThat(answer.status()).as(answer.toString()).isEqualTo(200);
        assertThat(answer.json().path("accepted").asBoolean()).isTrue();
        assertThat(answer.json().path("state").asText()).isEqualTo("finished");
        assertThat(answer.json().path("outcome").asText()).isEqualTo("succeeded");
        assertThat(engine.task(held.id()).result()).isEqualTo("{\"sent\":true}");
    }

    @Test
    void ackWithAStaleTokenIsLeaseLostAndChangesNothing() {
        LeasedTask held = claimOne("w1");
        TaskInfo before = engine.task(held.id());

        var answer = raw.post(
                "v1/tasks/" + held.id() + "/ack",
                "{\"token\":\"stale\",\"kind\":\"succeed\",\"enqueue\":[{\"type\":\"follow-up\"}]}");

        assertRefused(answer, 409, "lease_lost", null);
        assertThat(answer.json().path("taskId").asLong()).isEqualTo(held.id());
        assertThat(engine.task(held.id())).isEqualTo(before);
        assertThat(taskCount()).isEqualTo(1); // the follow-up was not enqueued
    }

    @Test
    void ackTakesTheTaskIdFromThePath() {
        LeasedTask held = claimOne("w1");
        String token = held.lease().token();

        assertInvalid(
                raw.post(
                        "v1/tasks/" + held.id() + "/ack",
                        "{\"taskId\":" + (held.id() + 1) + ",\"token\":\"" + token + "\",\"kind\":\"succeed\"}"),
                "taskId");
        var agreeing = raw.post(
                "v1/tasks/" + held.id() + "/ack",
                "{\"taskId\":" + held.id() + ",\"token\":\"" + token + "\",\"kind\":\"fail\"}");

        assertThat(agreeing.status()).as(agreeing.toString()).isEqualTo(200);
        assertThat(engine.task(held.id()).outcome()).isEqualTo(Outcome.FAILED);
    }

    @Test
    void aBadAckIsRefusedNamingTheFieldAndChangesNothing() {
        LeasedTask held = claimOne("w1");
        String path = "v1/tasks/" + held.id() + "/ack";
        String token = "\"token\":\"" + held.lease().token() + "\"";

        assertInvalid(raw.post(path, "{" + token + ",\"kind\":\"done\"}"), "kind");
        assertInvalid(raw.post(path, "{" + token + "}"), "kind");
        assertInvalid(raw.post(path, "{\"kind\":\"succeed\"}"), "token");
        assertInvalid(raw.post(path, "{" + token + ",\"kind\":\"retry\",\"retryDelay\":\"-PT1S\"}"), "retryDelay");
        assertInvalid(raw.post(path, "{" + token + ",\"kind\":\"succeed\",\"enqueue\":[{}]}"), "enqueue[0].type");
        assertInvalid(raw.post(path, "{" + token + ",\"kind\":\"succeed\",\"colour\":1}"), "colour");
        assertInvalid(raw.post(path, "[]"), "body");
        assertInvalid(raw.post(path, null), "body");

        assertThat(engine.task(held.id()).state()).isEqualTo(TaskState.LEASED);
        assertThat(taskCount()).isEqualTo(1);
    }

    @Test
    void batchAckSettlesEachOnItsOwn() {
        LeasedTask first = claimOne("w1");
        LeasedTask second = claimOne("w1");

        var answer = raw.post(
                "v1/acks",
                "{\"acks\":[{\"taskId\":" + first.id() + ",\"token\":\""
                        + first.lease().token()
                        + "\",\"kind\":\"succeed\"},{\"taskId\":" + second.id()
                        + ",\"token\":\"stale\",\"kind\":\"succeed\"}]}");

        assertThat(answer.status()).as(answer.toString()).isEqualTo(200);
        JsonNode results = answer.json().path("results");
        assertThat(results.get(0).path("accepted").asBoolean()).isTrue();
        assertThat(results.get(1).path("accepted").asBoolean()).isFalse();
        assertThat(engine.task(first.id()).outcome()).isEqualTo(Outcome.SUCCEEDED);
        assertThat(engine.task(second.id()).state()).isEqualTo(TaskState.LEASED);
    }

    @Test
    void aBadBatchAckIsRefusedWhole() {
        LeasedTask first = claimOne("w1");
        String good =
                "{\"taskId\":" + first.id() + ",\"token\":\"" + first.lease().token() + "\",\"kind\":\"succeed\"}";

        assertInvalid(
                raw.post("v1/acks", "{\"acks\":[" + good + ",{\"token\":\"t\",\"kind\":\"succeed\"}]}"),
                "acks[1].taskId");
        assertInvalid(
                raw.post("v1/acks", "{\"acks\":[" + good + ",{\"taskId\":1,\"token\":\"t\",\"kind\":\"x\"}]}"),
                "acks[1].kind");
        assertInvalid(raw.post("v1/acks", "{\"acks\":[]}"), "acks");
        assertInvalid(raw.post("v1/acks", "{}"), "acks");

        assertThat(engine.task(first.id()).state()).isEqualTo(TaskState.LEASED);
    }
}
