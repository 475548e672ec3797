package dev.tide.core.contract;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tide.api.ClaimRequest;
import dev.tide.api.Discipline;
import dev.tide.api.Lease;
import dev.tide.api.LeasedTask;
import dev.tide.api.NewTask;
import dev.tide.api.ProcessorDefinition;
import dev.tide.api.ProcessorKind;
import dev.tide.api.QueueDefinition;
import dev.tide.api.TaskState;
import dev.tide.api.TaskType;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A lease keeps the length its claim asked for: a heartbeat without an extension extends by it (not by the type's
 * length), on every claim path, for one lease and for many; an explicit extension wins for that heartbeat. The type's
 * lease length here is an hour, so a heartbeat that fell back to it could not pass for the claim's seconds.
 */
public abstract class LeaseLengthContract extends ManualQueueContract {
    private static final Duration TYPE_LEASE = Duration.ofHours(1);
    private static final Duration TWO_SECONDS = Duration.ofSeconds(2);

    @BeforeEach
    void defineType() {
        queue.defineTaskType(TaskType.named("t").withLeaseDuration(TYPE_LEASE));
    }

    private LeasedTask claimOne(String queueName, Duration lease) {
        queue.enqueue(NewTask.builder("t").queue(queueName).build());
        List<LeasedTask> claimed =
                queue.claim(ClaimRequest.of(queueName, "w", 1).withLease(lease));
        assertThat(claimed).hasSize(1);
        return claimed.get(0);
    }

    /** Heartbeats without an extension one second on, and checks the lease runs {@code length} from then. */
    private void assertHeartbeatKeeps(LeasedTask held, Duration length) {
        assertThat(held.lease().duration()).as("granted").isEqualTo(length);
        Instant at = clock.advance(Duration.ofSeconds(1));
        Lease renewed = queue.heartbeat(held.lease(), null);
        assertThat(renewed.duration()).isEqualTo(length);
        assertThat(renewed.expiresAt()).isEqualTo(at.plus(length));
        assertThat(fixture.engine().task(held.id()).leaseExpiresAt()).isEqualTo(at.plus(length));
    }

    @Test
    void aHeartbeatWithoutExtensionKeepsTheLengthTheClaimAskedFor() {
        LeasedTask held = claimOne("default", TWO_SECONDS);
        assertThat(held.lease().expiresAt()).isEqualTo(T0.plus(TWO_SECONDS));

        assertHeartbeatKeeps(held, TWO_SECONDS);

        // the worker crashes: its task comes back 2 s after the last heartbeat, not an hour later
        clock.advance(Duration.ofMillis(1_500));
        fixture.maintenance();
        assertThat(fixture.engine().task(held.id()).state()).isEqualTo(TaskState.LEASED);
        clock.advance(Duration.ofMillis(600));
        fixture.maintenance();
        assertThat(fixture.engine().task(held.id()).state()).isNotEqualTo(TaskState.LEASED);
    }

    @Test
    void aBatchHeartbeatExtendsEachLeaseByItsOwnLength() {
        LeasedTask short1 = claimOne("default", TWO_SECONDS);
        LeasedTask long1 = claimOne("default", Duration.ofSeconds(7));
        LeasedTask typed = claimOne("default", null);
        Instant at = clock.advance(Duration.ofSeconds(1));

        List<Lease> renewed = queue.heartbeat(List.of(short1.lease(), long1.lease(), typed.lease()), null);

        assertThat(renewed).extracting(Lease::taskId).containsExactly(short1.id(), long1.id(), typed.id());
        assertThat(renewed)
                .extracting(Lease::expiresAt)
                .containsExactly(at.plusSeconds(2), at.plusSeconds(7), at.plus(TYPE_LEASE));
        assertThat(renewed).extracting(Lease::duration).containsExactly(TWO_SECONDS, Duration.ofSeconds(7), TYPE_LEASE);
    }

    @Test
    void anExplicitExtensionWinsForItsHeartbeatOnly() {
        LeasedTask held = claimOne("default", TWO_SECONDS);
        Instant at = clock.advance(Duration.ofSeconds(1));

        Lease extended = queue.heartbeat(held.lease(), Duration.ofMinutes(10));
        assertThat(extended.expiresAt()).isEqualTo(at.plus(Duration.ofMinutes(10)));
        assertThat(extended.duration()).isEqualTo(Duration.ofMinutes(10));
        List<Lease> many = queue.heartbeat(List.of(held.lease()), Duration.ofSeconds(30));
        assertThat(many.get(0).expiresAt()).isEqualTo(at.plusSeconds(30));

        // the length kept is still the claim's
        assertHeartbeatKeeps(held, TWO_SECONDS);
    }

    @Test
    void aClaimWithoutALengthKeepsTheTypesLength() {
        assertHeartbeatKeeps(claimOne("default", null), TYPE_LEASE);
    }

    @Test
    void everyClaimPathKeepsTheLengthItAskedFor() {
        long chosen = queue.enqueue(NewTask.of("t", 1)).id();
        assertHeartbeatKeeps(queue.claimTask(chosen, "w", Duration.ofSeconds(3)).orElseThrow(), Duration.ofSeconds(3));

        LeasedTask ranAtOnce = queue.enqueueAndClaim(NewTask.of("t", 2), "w", Duration.ofSeconds(4))
                .leased();
        assertThat(ranAtOnce).isNotNull();
        assertHeartbeatKeeps(ranAtOnce, Duration.ofSeconds(4));

        queue.queues().define(QueueDefinition.named("fair").withDiscipline(Discipline.FAIR));
        queue.enqueue(NewTask.builder("t").queue("fair").owner("ada").build());
        List<LeasedTask> fair = queue.claim(ClaimRequest.of("fair", "w", 1).withLease(Duration.ofSeconds(5)));
        assertThat(fair).hasSize(1);
        assertHeartbeatKeeps(fair.get(0), Duration.ofSeconds(5));

        queue.processors()
                .define(ProcessorDefinition.named("p")
                        .withKind(ProcessorKind.REMOTE)
                        .withQueue("lane"));
        queue.processors().start("p");
        queue.enqueue(NewTask.builder("t").queue("lane").build());
        List<LeasedTask> underProcessor =
                queue.claim(ClaimRequest.under("p", "w", 1).withLease(Duration.ofSeconds(6)));
        assertThat(underProcessor).hasSize(1);
        assertHeartbeatKeeps(underProcessor.get(0), Duration.ofSeconds(6));
    }

    @Test
    void aResumeKeepsTheClaimedLengthUnlessItAsksForAnother() {
        claimOne("default", TWO_SECONDS);

        List<LeasedTask> resumed = queue.resumeLeases("w", null);
        assertThat(resumed).hasSize(1);
        assertThat(resumed.get(0).lease().expiresAt()).isEqualTo(clock.instant().plus(TWO_SECONDS));
        assertHeartbeatKeeps(resumed.get(0), TWO_SECONDS);

        List<LeasedTask> again = queue.resumeLeases("w", Duration.ofSeconds(6));
        assertThat(again.get(0).lease().expiresAt()).isEqualTo(clock.instant().plusSeconds(6));
        assertHeartbeatKeeps(again.get(0), Duration.ofSeconds(6));
        assertThat(queue.leases("w").get(0).lease().duration()).isEqualTo(Duration.ofSeconds(6));
    }
}
