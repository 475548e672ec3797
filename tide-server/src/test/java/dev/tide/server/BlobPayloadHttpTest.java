package dev.tide.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tide.api.ClaimRequest;
import dev.tide.api.LeasedTask;
import dev.tide.api.NewTask;
import dev.tide.api.PayloadCorruptException;
import dev.tide.api.PayloadTooLargeException;
import dev.tide.api.TaskInfo;
import dev.tide.api.TaskType;
import dev.tide.api.json.Json;
import dev.tide.core.TideConfig;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Large payloads over HTTP, as seed 004's depositors post them: through TideServer and TideClient into the embedded
 * engine's blob store and back, the server's body limit following the blob cap, and the answers in the documented
 * shapes.
 */
class BlobPayloadHttpTest extends HttpTestBase {
    private static final int MIB = 1024 * 1024;

    @Override
    TideConfig config() {
        // Rows take 1 MiB (the default); the blob store takes up to 4 MiB, so the server must take bodies over 2 MiB.
        return super.config().withBlobPayloadCap(4 * MIB);
    }

    private static String deposit(String name, int bytes) {
        return Json.write(Map.of("depositor", name, "xml", "<doi_batch>" + "x".repeat(bytes) + "</doi_batch>"));
    }

    @Test
    void aLargePayloadRoundTripsThroughServerAndClient() {
        String payload = deposit("crossref", 3 * MIB);
        long id = client.enqueue(NewTask.builder("deposit").payloadJson(payload).build())
                .id();

        TaskInfo read = client.task(id);
        assertThat(read.payload()).isEqualTo(payload);
        assertThat(read.blob().bytes()).isEqualTo(payload.getBytes(StandardCharsets.UTF_8).length);
        assertThat(read.blob().store()).isEqualTo("folder");

        LeasedTask claimed = client.claim(ClaimRequest.of("default", "sp-1", 1)).get(0);
        assertThat(claimed.task().payload()).isEqualTo(payload);
        client.ack(claimed.ack().succeed());

        DocumentedResponses documented =
                new DocumentedResponses(raw.get("v1/openapi.json").json());
        documented.assertConforms("GET", "/v1/tasks/{id}", raw.get("v1/tasks/" + id));
        documented.assertConforms("GET", "/v1/tasks", raw.get("v1/tasks"));
    }

    @Test
    void aPayloadOverTheBlobCapIsRefusedWith413() {
        String tooLarge = deposit("too large", 4 * MIB);
        assertThatThrownBy(() -> client.enqueue(
                        NewTask.builder("deposit").payloadJson(tooLarge).build()))
                .isInstanceOf(PayloadTooLargeException.class)
                .hasMessageContaining("over the cap of " + 4 * MIB + " bytes");
        assertThat(taskCount()).isZero();
        assertThat(engine.blobStore().orElseThrow().list(null, 10)).isEmpty();
    }

    @Test
    void aTaskWhoseBlobWentOnCompletionReadsAsGone() {
        client.defineTaskType(TaskType.named("once").withDeleteBlobOnCompletion(true));
        assertThat(client.taskTypes())
                .filteredOn(t -> t.name().equals("once"))
                .singleElement()
                .satisfies(t -> assertThat(t.deletesBlobOnCompletion()).isTrue());
        long id = client.enqueue(NewTask.builder("once")
                        .payloadJson(deposit("once", 200_000))
                        .build())
                .id();
        client.ack(
                client.claim(ClaimRequest.of("default", "sp-1", 1)).get(0).ack().succeed());

        TaskInfo gone = client.task(id);
        assertThat(gone.payload()).isNull();
        assertThat(gone.blob().deletedAt()).isEqualTo(clock.instant());
        var answer = raw.get("v1/tasks/" + id);
        assertThat(answer.json().has("payload")).isFalse();
        new DocumentedResponses(raw.get("v1/openapi.json").json()).assertConforms("GET", "/v1/tasks/{id}", answer);
    }

    @Test
    void aCorruptBlobIsAnErrorOverHttpToo() {
        long id = client.enqueue(NewTask.builder("deposit")
                        .payloadJson(deposit("damaged", 200_000))
                        .build())
                .id();
        String key = engine.task(id).blob().key();
        engine.blobStore().orElseThrow().put(key, "{}".getBytes(StandardCharsets.UTF_8));

        assertThatThrownBy(() -> client.task(id))
                .isInstanceOf(PayloadCorruptException.class)
                .hasMessageContaining("does not match");
        var answer = raw.get("v1/tasks/" + id);
        assertRefused(answer, 500, "payload_corrupt", null);
        new DocumentedResponses(raw.get("v1/openapi.json").json()).assertConforms("GET", "/v1/tasks/{id}", answer);
    }
}
