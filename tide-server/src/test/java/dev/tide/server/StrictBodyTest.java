package dev.tide.server;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tide.api.LeasedTask;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/**
 * Request bodies are read as written: no JSON type stands in for another, no key is given twice, and the bytes are
 * UTF-8. Each refusal names the field and what it must be, and writes nothing.
 */
class StrictBodyTest extends HttpTestBase {

    @Test
    void aValueOfAnotherJsonTypeIsRefusedNamingTheTypeExpected() {
        assertWrongType(raw.post("v1/tasks", "{\"type\": 5}"), "type", "must be a string");
        assertWrongType(raw.post("v1/tasks", "{\"type\": true}"), "type", "must be a string");
        assertWrongType(
                raw.post("v1/tasks", "{\"type\": \"a\", \"maxAttempts\": \"3\"}"), "maxAttempts", "whole number");
        assertWrongType(raw.post("v1/tasks", "{\"type\": \"a\", \"priority\": true}"), "priority", "whole number");
        assertWrongType(raw.post("v1/tasks", "{\"type\": \"a\", \"weight\": \"1.5\"}"), "weight", "a number");
        assertWrongType(
                raw.post("v1/tasks", "{\"type\": \"a\", \"divisible\": \"true\"}"), "divisible", "true or false");
        assertWrongType(raw.post("v1/tasks", "{\"type\": \"a\", \"divisible\": 1}"), "divisible", "true or false");
        assertWrongType(raw.post("v1/tasks", "{\"type\": \"a\", \"jobId\": \"\"}"), "jobId", "whole number");
        assertWrongType(raw.post("v1/tasks", "{\"type\": \"a\", \"dependsOn\": [42]}"), "dependsOn[0]", "a string");
        assertWrongType(
                raw.post("v1/tasks/batch", "{\"tasks\": [{\"type\": \"a\"}, {\"type\": 5}]}"),
                "tasks[1].type",
                "string");
        assertWrongType(raw.post("v1/claims", "{\"worker\": \"w\", \"limit\": \"10\"}"), "limit", "whole number");
        assertWrongType(raw.post("v1/claims", "{\"worker\": 7, \"limit\": 1}"), "worker", "must be a string");
        assertThat(taskCount()).isZero();
    }

    @Test
    void anAckTokenMustBeText() {
        LeasedTask held = claimOne("w");

        assertWrongType(
                raw.post("v1/tasks/" + held.id() + "/ack", "{\"token\": 123, \"kind\": \"succeed\"}"),
                "token",
                "must be a string");
        assertWrongType(
                raw.post(
                        "v1/acks",
                        "{\"acks\": [{\"taskId\": " + held.id() + ", \"token\": 123, \"kind\": \"succeed\"}]}"),
                "acks[0].token",
                "must be a string");
        assertWrongType(
                raw.post("v1/tasks/" + held.id() + "/ack", "{\"token\": \"t\", \"kind\": 1}"), "kind", "string");
        assertThat(engine.task(held.id()).state()).isEqualTo(dev.tide.api.TaskState.LEASED);
    }

    @Test
    void aKeyGivenTwiceIsRefusedWhereverItStands() {
        assertDuplicate(raw.post("v1/tasks", "{\"type\": \"a\", \"type\": \"b\"}"), "type");
        assertDuplicate(raw.post("v1/tasks", "{\"type\": \"a\", \"payload\": {\"x\": 1, \"x\": 2}}"), "payload.x");
        assertDuplicate(
                raw.post(
                        "v1/tasks/batch",
                        "{\"tasks\": [{\"type\": \"a\"}, {\"type\": \"a\", \"queue\": \"q\", \"queue\": \"q\"}]}"),
                "tasks[1].queue");
        assertThat(taskCount()).isZero();
    }

    @Test
    void bytesThatAreNotUtf8AreRefused() {
        byte[] overlongSlash = {(byte) 0xC0, (byte) 0xAF};
        byte[] encodedSurrogate = {(byte) 0xED, (byte) 0xA0, (byte) 0x80};
        byte[] truncated = {(byte) 0xE2, (byte) 0x82};

        for (byte[] bad : new byte[][] {overlongSlash, encodedSurrogate, truncated}) {
            RawHttp.Answer answer = raw.postBytes("v1/tasks", payloadWith(bad));
            assertInvalid(answer, "body");
            assertThat(answer.json().path("message").asText()).contains("not valid UTF-8");
        }
        assertThat(taskCount()).isZero();
        RawHttp.Answer fine = raw.postBytes("v1/tasks", payloadWith("é€𝄞".getBytes(StandardCharsets.UTF_8)));
        assertThat(fine.status())
                .as("real UTF-8, up to four bytes a character: " + fine)
                .isEqualTo(201);
        assertThat(engine.task(fine.json().path("task").path("id").asLong()).payload())
                .isEqualTo("\"aé€𝄞b\"");
    }

    @Test
    void anUnpairedSurrogateIsRefused() {
        assertInvalid(raw.post("v1/tasks", "{\"type\": \"a\", \"owner\": \"a\\ud800b\"}"), "owner");
        assertInvalid(raw.post("v1/tasks", "{\"type\": \"a\", \"payload\": {\"k\": [\"\\udc00\"]}}"), "payload.k[0]");
        assertInvalid(raw.post("v1/jobs", "{\"type\": \"j\", \"title\": \"\\ud800\"}"), "title");
        assertThat(taskCount()).isZero();
        assertThat(raw.post("v1/tasks", "{\"type\": \"a\", \"payload\": \"\\ud834\\udd1e\"}")
                        .status())
                .as("a pair is one character")
                .isEqualTo(201);
    }

    private static byte[] payloadWith(byte[] inside) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.writeBytes("{\"type\": \"a\", \"payload\": \"a".getBytes(StandardCharsets.UTF_8));
        out.writeBytes(inside);
        out.writeBytes("b\"}".getBytes(StandardCharsets.UTF_8));
        return out.toByteArray();
    }

    private static void assertWrongType(RawHttp.Answer answer, String field, String expected) {
        assertInvalid(answer, field);
        assertThat(answer.json().path("message").asText()).as(answer.toString()).contains(expected);
    }

    private static void assertDuplicate(RawHttp.Answer answer, String field) {
        assertInvalid(answer, field);
        assertThat(answer.json().path("message").asText()).contains("given twice");
    }
}
