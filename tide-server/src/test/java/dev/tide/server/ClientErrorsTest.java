package dev.tide.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowable;

import dev.tide.api.Ack;
import dev.tide.api.ClaimRequest;
import dev.tide.api.ConflictException;
import dev.tide.api.InvalidRequestException;
import dev.tide.api.LeaseLostException;
import dev.tide.api.LeasedTask;
import dev.tide.api.NewJob;
import dev.tide.api.NewTask;
import dev.tide.api.NotFoundException;
import dev.tide.api.PayloadTooLargeException;
import dev.tide.api.TaskQueue;
import dev.tide.api.TaskSelection;
import dev.tide.api.TaskType;
import dev.tide.api.TideException;
import dev.tide.client.TideClient;
import dev.tide.core.TideConfig;
import java.net.ServerSocket;
import java.net.URI;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;

/**
 * The client throws what the engine throws: same type, same message, same field, for the same refused call. Each call
 * below is refused, so running it on both (the engine directly, then through HTTP) changes nothing between the two.
 */
class ClientErrorsTest extends HttpTestBase {

    @Override
    TideConfig config() {
        // The blob cap too, which raises the cap of task payloads.
        return super.config().withPayloadCap(1024).withBlobPayloadCap(1024);
    }

    private void sameRefusal(Consumer<TaskQueue> call) {
        Throwable embedded = catchThrowable(() -> call.accept(engine));
        Throwable remote = catchThrowable(() -> call.accept(client));

        assertThat(embedded).as("the engine refuses the call").isInstanceOf(TideException.class);
        assertThat(remote).as("the client refuses it as the engine does").isExactlyInstanceOf(embedded.getClass());
        assertThat(remote.getMessage()).isEqualTo(embedded.getMessage());
        assertThat(((TideException) remote).httpStatus()).isEqualTo(((TideException) embedded).httpStatus());
        if (embedded instanceof InvalidRequestException invalid) {
            assertThat(((InvalidRequestException) remote).field()).isEqualTo(invalid.field());
        }
        if (embedded instanceof LeaseLostException lost) {
            assertThat(((LeaseLostException) remote).taskId()).isEqualTo(lost.taskId());
        }
    }

    @Test
    void badInputIsRefusedAlike() {
        sameRefusal(q -> q.enqueue(NewTask.of(null, null)));
        sameRefusal(q -> q.enqueue(NewTask.builder("a").maxAttempts(0).build()));
        sameRefusal(q -> q.enqueue(NewTask.builder("a").payloadJson("{bad").build()));
        sameRefusal(q -> q.enqueue(NewTask.builder("a").payloadJson("").build()));
        sameRefusal(q -> q.enqueueAll(List.of(
                NewTask.of("a", null), NewTask.builder("a").payloadJson("[").build())));
        sameRefusal(q -> q.enqueueAll(List.of()));
        sameRefusal(q -> q.claim(ClaimRequest.of("default", "w", 0)));
        sameRefusal(q -> q.claim(ClaimRequest.of("default", null, 1)));
        sameRefusal(q -> q.claim(ClaimRequest.of("default", "w", 1).withLease(Duration.ZERO)));
        sameRefusal(q -> q.createJob(NewJob.builder(null).build()));
        sameRefusal(q -> q.ackAll(List.of()));
        sameRefusal(q -> q.ack(Ack.builder(1, null).succeed()));
        sameRefusal(q -> q.leases(" "));
        assertThat(taskCount()).isZero();
    }

    @Test
    void timesOutOfRangeAreRefusedAlike() {
        Duration huge = Duration.ofHours(99_999_999_999_999L);
        Instant farFuture = Instant.parse("+999999999-12-31T23:59:59Z");
        sameRefusal(q -> q.enqueue(NewTask.builder("a").delay(huge).build()));
        sameRefusal(q -> q.enqueue(NewTask.builder("a").deadline(farFuture).build()));
        sameRefusal(q -> q.enqueue(NewTask.builder("a")
                .expiresAt(Instant.parse("1969-12-31T23:59:59Z"))
                .build()));
        sameRefusal(q -> q.createJob(NewJob.builder("j").deadline(farFuture).build()));
        sameRefusal(q -> q.claim(ClaimRequest.of("default", "w", 1).withLease(Duration.ofHours(25))));
        sameRefusal(q -> q.enqueueAndClaim(NewTask.of("a", null), "w", huge));
        sameRefusal(q -> q.defineTaskType(TaskType.named("t").withDefaultDuration(huge)));
        sameRefusal(q -> q.park(TaskSelection.receivedBetween(Instant.parse("-999999999-01-01T00:00:00Z"), null)));
        assertThat(taskCount()).isZero();
        assertThat(engine.taskTypes()).isEmpty();
    }

    @Test
    void missingThingsAreRefusedAlike() {
        sameRefusal(q -> q.task(999));
        sameRefusal(q -> q.cancel(999, null));
        sameRefusal(q -> q.retry(999));
        sameRefusal(q -> q.job(999));
        sameRefusal(q -> q.cancelJob(999, "x"));
        sameRefusal(q -> q.updateJobInfo(999, "{}"));
        sameRefusal(q -> q.claimTask(999, "w", null));
        sameRefusal(q -> q.enqueue(NewTask.builder("a").job(999).build()));
    }

    @Test
    void conflictsAndLostLeasesAreRefusedAlike() {
        long done = enqueue("a");
        engine.cancel(done, "done");
        long ready = enqueue("a");
        engine.enqueue(NewTask.builder("a").idempotencyKey("k").payload(1).build());
        LeasedTask held = claimOne("w");

        sameRefusal(q -> q.cancel(done, "again"));
        sameRefusal(q -> q.retry(ready));
        sameRefusal(q ->
                q.enqueue(NewTask.builder("a").idempotencyKey("k").payload(2).build()));
        sameRefusal(q -> q.ack(Ack.builder(held.id(), "stale").succeed()));
        sameRefusal(q -> q.heartbeat(new dev.tide.api.Lease(held.id(), "w", "stale", null, null), null));
    }

    @Test
    void sizeLimitsAreRefusedAlike() {
        String big = "x".repeat(2000);
        long job = engine.createJob(NewJob.builder("j").build()).job().id();

        sameRefusal(q -> q.enqueue(NewTask.of("a", Map.of("text", big))));
        sameRefusal(q -> q.updateJobInfo(job, "\"" + big + "\""));
        sameRefusal(q -> q.updateJobInfo(job, "{bad"));
        assertThatThrownBy(() -> client.enqueue(NewTask.of("a", big))).isInstanceOf(PayloadTooLargeException.class);
    }

    @Test
    void typedExceptionsCarryWhatCallersNeed() {
        LeasedTask held = claimOne("w");

        assertThatThrownBy(() -> client.ack(Ack.builder(held.id(), "stale").succeed()))
                .isInstanceOfSatisfying(
                        LeaseLostException.class, e -> assertThat(e.taskId()).isEqualTo(held.id()));
        assertThatThrownBy(() -> client.claim(ClaimRequest.of("default", "w", -5)))
                .isInstanceOfSatisfying(
                        InvalidRequestException.class,
                        e -> assertThat(e.field()).isEqualTo("limit"));
        assertThatThrownBy(() -> client.task(12345)).isInstanceOf(NotFoundException.class);
        assertThatThrownBy(() -> client.retry(held.id())).isInstanceOf(ConflictException.class);
        assertThat(client.claimTask(held.id(), "other", null)).isEmpty();
    }

    @Test
    void anUnreachableServerIsA503NamingIt() throws Exception {
        int port;
        try (ServerSocket socket = new ServerSocket(0)) {
            port = socket.getLocalPort();
        }
        URI nowhere = URI.create("http://127.0.0.1:" + port);
        try (TideClient lost = TideClient.builder(nowhere)
                .connectTimeout(Duration.ofSeconds(2))
                .requestTimeout(Duration.ofSeconds(2))
                .build()) {
            assertThatThrownBy(() -> lost.enqueue(NewTask.of("a", null)))
                    .isInstanceOfSatisfying(TideException.class, e -> {
                        assertThat(e.httpStatus()).isEqualTo(503);
                        assertThat(e.getMessage()).contains("127.0.0.1:" + port);
                    });
        }
    }
}
