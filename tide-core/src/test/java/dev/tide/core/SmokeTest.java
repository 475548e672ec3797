package dev.tide.core;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tide.api.Ack;
import dev.tide.api.ClaimRequest;
import dev.tide.api.LeasedTask;
import dev.tide.api.NewTask;
import dev.tide.api.Outcome;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SmokeTest {
    @TempDir
    Path dir;

    @Test
    void enqueueClaimAck() {
        try (Tide tide = Tide.builder().sqlite(dir).build()) {
            long id = tide.enqueue(NewTask.of("email", Map.of("to", "a@b"))).id();
            List<LeasedTask> got = tide.claim(ClaimRequest.of("default", "w1", 10));
            assertThat(got).hasSize(1);
            assertThat(got.get(0).task().payload()).isEqualTo("{\"to\":\"a@b\"}");
            tide.ack(Ack.succeed(got.get(0).lease()));
            assertThat(tide.task(id).outcome()).isEqualTo(Outcome.SUCCEEDED);
        }
    }
}
