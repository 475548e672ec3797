package dev.tide.core.contract;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tide.api.Ack;
import dev.tide.api.ClaimRequest;
import dev.tide.api.DependencyFailure;
import dev.tide.api.Discipline;
import dev.tide.api.InvalidRequestException;
import dev.tide.api.JobCreated;
import dev.tide.api.JobInfo;
import dev.tide.api.LeasedTask;
import dev.tide.api.NewJob;
import dev.tide.api.NewTask;
import dev.tide.api.Outcome;
import dev.tide.api.QueueDefinition;
import dev.tide.api.StatusReport;
import dev.tide.api.TaskSelection;
import dev.tide.api.TaskState;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Parking (seed 004) and expiry (seed 002), the same on every store and over HTTP: a parked task is never claimed and
 * returns, when unparked, to the state it would have now; a waiting task past its expiry is never delivered and ends
 * expired.
 */
public abstract class ParkingAndExpiryContract extends ManualQueueContract {
    private static final String LANE = "lane";

    private long enqueue(String owner) {
        return enqueue(NewTask.builder("t").queue(LANE).owner(owner));
    }

    private long enqueue(NewTask.Builder task) {
        return queue.enqueue(task.build()).id();
    }

    private List<Long> claimAll() {
        return queue.claim(ClaimRequest.of(LANE, "w", 100)).stream()
                .map(t -> t.task().id())
                .toList();
    }

    private TaskState state(long id) {
        return queue.task(id).state();
    }

    private StatusReport.QueueDepth depth() {
        return queue.monitoring().status().queues().stream()
                .filter(q -> q.queue().equals(LANE))
                .findFirst()
                .orElseThrow();
    }

    // --- parking ---------------------------------------------------------------------------------------------------

    @Test
    void parkedTasksAreNeverClaimedUntilUnparked() {
        long a = enqueue("u");
        long b = enqueue("u");

        assertThat(queue.park(TaskSelection.ids(List.of(a)))).isEqualTo(1);
        assertThat(state(a)).isEqualTo(TaskState.PARKED);
        assertThat(queue.claimTask(a, "w", null)).isEmpty();
        assertThat(claimAll()).containsExactly(b);
        assertThat(depth().parked()).isEqualTo(1);

        assertThat(queue.unpark(TaskSelection.ids(List.of(a)))).isEqualTo(1);
        assertThat(claimAll()).containsExactly(a);
    }

    @Test
    void parkingByOwnerLeavesOtherUsersAndLeasedTasksAlone() {
        long leased = enqueue("spammer");
        assertThat(claimAll()).containsExactly(leased);
        long s1 = enqueue("spammer");
        long s2 = enqueue("spammer");
        long other = enqueue("other");

        assertThat(queue.park(TaskSelection.owner("spammer"))).isEqualTo(2);
        assertThat(state(leased)).isEqualTo(TaskState.LEASED);
        assertThat(claimAll()).containsExactly(other);

        assertThat(queue.unpark(TaskSelection.owner("spammer"))).isEqualTo(2);
        assertThat(claimAll()).containsExactlyInAnyOrder(s1, s2);
    }

    @Test
    void parkingByReceivedTimeTakesTheTasksOfThatWindowInOneQueue() {
        long before = enqueue("u");
        clock.advance(Duration.ofHours(1));
        long inWindow = enqueue("u");
        long otherQueue = enqueue(NewTask.builder("t").queue("elsewhere").owner("u"));
        clock.advance(Duration.ofHours(1));
        long after = enqueue("u");

        TaskSelection window = TaskSelection.receivedBetween(
                        T0.plus(Duration.ofMinutes(30)), T0.plus(Duration.ofMinutes(90)))
                .inQueue(LANE);
        assertThat(queue.park(window)).isEqualTo(1);
        assertThat(state(inWindow)).isEqualTo(TaskState.PARKED);
        assertThat(state(otherQueue)).isEqualTo(TaskState.READY);
        assertThat(claimAll()).containsExactly(before, after);
        assertThat(queue.unpark(window)).isEqualTo(1);
        assertThat(claimAll()).containsExactly(inWindow);
    }

    @Test
    void unparkingReturnsEachTaskToTheStateItWouldHaveNow() {
        long dependency = enqueue("u");
        long blocked = enqueue(NewTask.builder("t").queue(LANE).dependsOn(dependency));
        long scheduled = enqueue(NewTask.builder("t").queue(LANE).delay(Duration.ofHours(1)));
        long laterDue = enqueue(NewTask.builder("t").queue(LANE).delay(Duration.ofMinutes(5)));
        List<Long> all = List.of(blocked, scheduled, laterDue);
        assertThat(queue.park(TaskSelection.ids(all))).isEqualTo(3);

        clock.advance(Duration.ofMinutes(10));
        assertThat(queue.unpark(TaskSelection.ids(all))).isEqualTo(3);

        assertThat(state(blocked)).isEqualTo(TaskState.BLOCKED);
        assertThat(state(scheduled)).isEqualTo(TaskState.SCHEDULED);
        assertThat(state(laterDue)).isEqualTo(TaskState.READY);
    }

    @Test
    void aParkedTaskWhoseDependencySucceedsComesBackReady() {
        long dependency = enqueue("u");
        long dependent = enqueue(NewTask.builder("t").queue(LANE).dependsOn(dependency));
        queue.park(TaskSelection.ids(List.of(dependent)));

        LeasedTask d = queue.claimTask(dependency, "w", null).orElseThrow();
        queue.ack(Ack.succeed(d.lease()));
        assertThat(state(dependent)).isEqualTo(TaskState.PARKED);

        queue.unpark(TaskSelection.ids(List.of(dependent)));
        assertThat(claimAll()).containsExactly(dependent);
    }

    @Test
    void unparkingAFairQueuesTaskWakesItsUser() {
        queue.queues().define(QueueDefinition.named(LANE).withDiscipline(Discipline.FAIR));
        long a = enqueue("a");
        queue.park(TaskSelection.owner("a"));
        assertThat(claimAll()).isEmpty();

        queue.unpark(TaskSelection.owner("a"));
        assertThat(claimAll()).containsExactly(a);
    }

    @Test
    void aSelectionMustNameSomething() {
        assertThatThrownBy(() -> new TaskSelection(List.of(), null, LANE, null, null))
                .isInstanceOf(InvalidRequestException.class)
                .hasMessageContaining("give task ids, an owner or a received-time window");
        assertThatThrownBy(() -> TaskSelection.receivedBetween(T0, T0))
                .isInstanceOf(InvalidRequestException.class)
                .hasMessageContaining("receivedTo");
    }

    // --- expiry ----------------------------------------------------------------------------------------------------

    @Test
    void aTaskPastItsExpiryIsNeverDeliveredAndEndsExpired() {
        long stale = enqueue(NewTask.builder("t").queue(LANE).expiresAt(T0.plus(Duration.ofMinutes(1))));
        long fresh = enqueue(NewTask.builder("t").queue(LANE).expiresAt(T0.plus(Duration.ofHours(1))));

        clock.advance(Duration.ofMinutes(2));
        // Before maintenance has run, claims already skip it.
        assertThat(queue.claimTask(stale, "w", null)).isEmpty();
        assertThat(claimAll()).containsExactly(fresh);

        fixture.maintenance();
        assertThat(queue.task(stale).outcome()).isEqualTo(Outcome.EXPIRED);
        assertThat(queue.task(stale).expiresAt()).isEqualTo(T0.plus(Duration.ofMinutes(1)));
        assertThat(depth().expired()).isEqualTo(1);
    }

    @Test
    void expiryEndsScheduledParkedAndBlockedTasksButNotLeasedOnes() {
        Instant expiry = T0.plus(Duration.ofMinutes(30));
        long leased = enqueue(NewTask.builder("t").queue(LANE).expiresAt(expiry));
        assertThat(queue.claimTask(leased, "w", Duration.ofHours(2))).isPresent();
        long scheduled = enqueue(
                NewTask.builder("t").queue(LANE).delay(Duration.ofMinutes(10)).expiresAt(expiry));
        long parked = enqueue(NewTask.builder("t").queue(LANE).expiresAt(expiry));
        queue.park(TaskSelection.ids(List.of(parked)));
        long blocked =
                enqueue(NewTask.builder("t").queue(LANE).dependsOn(leased).expiresAt(expiry));

        clock.advance(Duration.ofHours(1));
        fixture.maintenance();

        assertThat(List.of(scheduled, parked, blocked))
                .allSatisfy(id -> assertThat(queue.task(id).outcome()).isEqualTo(Outcome.EXPIRED));
        assertThat(state(leased)).isEqualTo(TaskState.LEASED);
    }

    @Test
    void anExpiredDependencyCancelsItsDependentsUnlessTheyRunAnyway() {
        long dependency = enqueue(NewTask.builder("t").queue(LANE).expiresAt(T0.plus(Duration.ofMinutes(1))));
        queue.park(TaskSelection.ids(List.of(dependency)));
        long cancelled = enqueue(NewTask.builder("t").queue(LANE).dependsOn(dependency));
        long runs = enqueue(
                NewTask.builder("t").queue(LANE).dependsOn(dependency).onDependencyFailure(DependencyFailure.RUN));

        clock.advance(Duration.ofMinutes(2));
        fixture.maintenance();

        assertThat(queue.task(cancelled).outcome()).isEqualTo(Outcome.CANCELLED);
        assertThat(queue.task(cancelled).message()).isEqualTo("dependency " + dependency + " ended expired");
        assertThat(claimAll()).containsExactly(runs);
    }

    @Test
    void anExpiredTaskCountsAsCancelledInItsJob() {
        JobCreated job = queue.createJob(NewJob.builder("j")
                .task(NewTask.builder("t")
                        .queue(LANE)
                        .expiresAt(T0.plus(Duration.ofMinutes(1)))
                        .build())
                .build());
        clock.advance(Duration.ofMinutes(2));
        fixture.maintenance();

        JobInfo ended = queue.job(job.job().id());
        assertThat(ended.isFinished()).isTrue();
        assertThat(ended.outcome()).isEqualTo(Outcome.FAILED);
        assertThat(ended.cancelled()).isEqualTo(1);
    }

    @Test
    void anExpiryNotAfterTheRunAtIsRefused() {
        assertThatThrownBy(() -> queue.enqueue(NewTask.builder("t")
                        .queue(LANE)
                        .delay(Duration.ofHours(1))
                        .expiresAt(T0.plus(Duration.ofMinutes(30)))
                        .build()))
                .isInstanceOf(InvalidRequestException.class)
                .hasMessageContaining("expiresAt");
        assertThat(claimAll()).isEmpty();
    }
}
