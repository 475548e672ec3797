package dev.tide.core.contract;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tide.api.Ack;
import dev.tide.api.ClaimRequest;
import dev.tide.api.Coalescing;
import dev.tide.api.ConflictException;
import dev.tide.api.DependencyFailure;
import dev.tide.api.EnqueueResult;
import dev.tide.api.InvalidRequestException;
import dev.tide.api.JobCreated;
import dev.tide.api.JobInfo;
import dev.tide.api.LeasedTask;
import dev.tide.api.NewJob;
import dev.tide.api.NewTask;
import dev.tide.api.Outcome;
import dev.tide.api.TaskInfo;
import dev.tide.api.TaskState;
import dev.tide.api.TaskType;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Dependencies (seed 003), the same on every store and over HTTP: a task waits, blocked, until every task it depends
 * on has succeeded; when one ends otherwise, it ends cancelled (and its own dependents with it) unless it runs
 * anyway. Unknown dependencies and cycles are refused at enqueue and write nothing.
 */
public abstract class DependencyContract extends ManualQueueContract {
    private static final String LANE = "deps";

    private static NewTask.Builder task(String ref) {
        return NewTask.builder("step").queue(LANE).ref(ref).payload(ref);
    }

    private long enqueue(NewTask.Builder task) {
        return queue.enqueue(task.build()).id();
    }

    /** Claims every ready task one at a time, acknowledging each as {@code ack} says, and answers their payloads. */
    private String runAll(Ack.Kind ack) {
        StringBuilder order = new StringBuilder();
        while (true) {
            List<LeasedTask> got = queue.claim(ClaimRequest.of(LANE, "w", 1));
            if (got.isEmpty()) {
                return order.toString();
            }
            LeasedTask t = got.get(0);
            order.append(t.task().payloadAs(String.class));
            Ack.Builder b = Ack.builder(t.lease());
            queue.ack(ack == Ack.Kind.FAIL ? b.fail() : b.succeed());
        }
    }

    private void finish(long taskId, Ack.Kind how) {
        LeasedTask t = queue.claimTask(taskId, "w", null).orElseThrow();
        queue.ack(how == Ack.Kind.FAIL ? Ack.builder(t.lease()).fail() : Ack.succeed(t.lease()));
    }

    private TaskState state(long id) {
        return queue.task(id).state();
    }

    @Test
    void aTaskWaitsBlockedUntilItsDependencySucceeds() {
        long first = enqueue(task("a"));
        long second = enqueue(task("b").dependsOn(first));

        assertThat(state(second)).isEqualTo(TaskState.BLOCKED);
        assertThat(queue.task(second).dependsOn()).containsExactly(first);
        assertThat(queue.claimTask(second, "w", null)).isEmpty();

        assertThat(runAll(Ack.Kind.SUCCEED)).isEqualTo("ab");
        assertThat(queue.task(second).outcome()).isEqualTo(Outcome.SUCCEEDED);
    }

    @Test
    void aTaskWithSeveralDependenciesWaitsForAll() {
        long a = enqueue(task("a"));
        long b = enqueue(task("b"));
        long c = enqueue(task("c").dependsOn(a).dependsOn(b));

        finish(a, Ack.Kind.SUCCEED);
        assertThat(state(c)).isEqualTo(TaskState.BLOCKED);
        finish(b, Ack.Kind.SUCCEED);
        assertThat(state(c)).isEqualTo(TaskState.READY);
    }

    @Test
    void tasksOfOneRequestNameEachOtherByRef() {
        List<EnqueueResult> made = queue.enqueueAll(List.of(
                task("deploy").dependsOnRef("test").dependsOnRef("build").build(),
                task("test").dependsOnRef("build").build(),
                task("build").build()));

        assertThat(made)
                .extracting(r -> r.task().state())
                .containsExactly(TaskState.BLOCKED, TaskState.BLOCKED, TaskState.READY);
        assertThat(made.get(0).task().dependsOn())
                .containsExactlyInAnyOrder(made.get(1).id(), made.get(2).id());
        assertThat(runAll(Ack.Kind.SUCCEED)).isEqualTo("buildtestdeploy");
    }

    @Test
    void aJobsTasksMayDependOnEachOther() {
        JobCreated job = queue.createJob(NewJob.builder("pipeline")
                .task(task("extract").build())
                .task(task("load").dependsOnRef("extract").build())
                .build());

        assertThat(runAll(Ack.Kind.SUCCEED)).isEqualTo("extractload");
        JobInfo done = queue.job(job.job().id());
        assertThat(done.outcome()).isEqualTo(Outcome.SUCCEEDED);
        assertThat(done.succeeded()).isEqualTo(2);
    }

    @Test
    void aDependencyAlreadySucceededIsMet() {
        long a = enqueue(task("a"));
        finish(a, Ack.Kind.SUCCEED);

        EnqueueResult b = queue.enqueue(task("b").dependsOn(a).build());
        assertThat(b.task().state()).isEqualTo(TaskState.READY);
        assertThat(runAll(Ack.Kind.SUCCEED)).isEqualTo("b");
    }

    @Test
    void aFailedDependencyCancelsItsDependentsAndTheirsInTurn() {
        long a = enqueue(task("a").maxAttempts(1));
        long b = enqueue(task("b").dependsOn(a));
        long c = enqueue(task("c").dependsOn(b));

        finish(a, Ack.Kind.FAIL);

        for (long id : List.of(b, c)) {
            TaskInfo t = queue.task(id);
            assertThat(t.state()).isEqualTo(TaskState.FINISHED);
            assertThat(t.outcome()).isEqualTo(Outcome.CANCELLED);
        }
        assertThat(queue.task(b).message()).isEqualTo("dependency " + a + " ended failed");
        assertThat(queue.task(c).message()).isEqualTo("dependency " + b + " ended cancelled");
    }

    @Test
    void aTaskThatRunsAnywayTreatsAFailedDependencyAsDone() {
        long a = enqueue(task("a").maxAttempts(1));
        long b = enqueue(task("b").dependsOn(a).onDependencyFailure(DependencyFailure.RUN));

        finish(a, Ack.Kind.FAIL);

        assertThat(state(b)).isEqualTo(TaskState.READY);
        assertThat(runAll(Ack.Kind.SUCCEED)).isEqualTo("b");
    }

    @Test
    void cancellingADependencyCancelsItsDependents() {
        long a = enqueue(task("a"));
        long b = enqueue(task("b").dependsOn(a));

        queue.cancel(a, "not needed");

        assertThat(queue.task(b).outcome()).isEqualTo(Outcome.CANCELLED);
        assertThat(queue.task(b).message()).isEqualTo("dependency " + a + " ended cancelled");
    }

    @Test
    void cancellingAJobCancelsDependentsInOtherJobs() {
        JobCreated first =
                queue.createJob(NewJob.builder("first").task(task("a").build()).build());
        JobCreated second = queue.createJob(NewJob.builder("second")
                .task(task("b").dependsOn(first.taskIds().get(0)).build())
                .build());

        queue.cancelJob(first.job().id(), "stop");

        JobInfo other = queue.job(second.job().id());
        assertThat(other.outcome()).isEqualTo(Outcome.FAILED);
        assertThat(other.cancelled()).isEqualTo(1);
    }

    @Test
    void aDependentReleasedLaterRunsAtItsRunAt() {
        long a = enqueue(task("a"));
        long b = enqueue(task("b").dependsOn(a).runAt(T0.plus(Duration.ofMinutes(10))));

        finish(a, Ack.Kind.SUCCEED);
        assertThat(state(b)).isEqualTo(TaskState.SCHEDULED);
        clock.advance(Duration.ofMinutes(10));
        fixture.maintenance();
        assertThat(runAll(Ack.Kind.SUCCEED)).isEqualTo("b");
    }

    @Test
    void aSupersededDependencyCancelsItsDependents() {
        queue.defineTaskType(TaskType.named("step").withCoalescing(Coalescing.REPLACE));
        long old = enqueue(task("old").coalescingKey("report"));
        long dependent = enqueue(task("dependent").dependsOn(old));
        enqueue(task("new").coalescingKey("report"));

        assertThat(queue.task(old).outcome()).isEqualTo(Outcome.SUPERSEDED);
        assertThat(queue.task(dependent).outcome()).isEqualTo(Outcome.CANCELLED);
        assertThat(queue.task(dependent).message()).isEqualTo("dependency " + old + " ended superseded");
    }

    @Test
    void anUnknownDependencyIsRefusedAndNothingWritten() {
        long a = enqueue(task("a"));
        assertThatThrownBy(() -> queue.enqueueAll(
                        List.of(task("x").build(), task("y").dependsOn(a + 1000).build())))
                .isInstanceOf(InvalidRequestException.class)
                .hasMessage("tasks[1].dependsOn: no such task: " + (a + 1000));
        assertThat(runAll(Ack.Kind.SUCCEED)).isEqualTo("a");
    }

    @Test
    void anUnknownRefIsRefused() {
        assertThatThrownBy(() -> queue.enqueueAll(
                        List.of(task("x").dependsOnRef("nobody").build())))
                .isInstanceOf(InvalidRequestException.class)
                .hasMessageContaining("dependsOn")
                .hasMessageContaining("no task in this request has ref 'nobody'");
    }

    @Test
    void aCycleIsRefusedNamingIt() {
        assertThatThrownBy(() -> queue.enqueueAll(List.of(
                        task("a").dependsOnRef("c").build(),
                        task("b").dependsOnRef("a").build(),
                        task("c").dependsOnRef("b").build())))
                .isInstanceOf(InvalidRequestException.class)
                .hasMessageContaining("cycle: a -> c -> b -> a");
        assertThatThrownBy(() -> queue.enqueueAll(
                        List.of(task("self").dependsOnRef("self").build())))
                .isInstanceOf(InvalidRequestException.class)
                .hasMessageContaining("cycle: self -> self");
        assertThat(runAll(Ack.Kind.SUCCEED)).isEmpty();
    }

    @Test
    void aDependencyThatAlreadyFailedIsRefusedUnlessTheTaskRunsAnyway() {
        long a = enqueue(task("a").maxAttempts(1));
        finish(a, Ack.Kind.FAIL);

        assertThatThrownBy(() -> queue.enqueue(task("b").dependsOn(a).build()))
                .isInstanceOf(ConflictException.class)
                .hasMessageContaining("task " + a + " has already ended failed");
        EnqueueResult anyway = queue.enqueue(task("c")
                .dependsOn(a)
                .onDependencyFailure(DependencyFailure.RUN)
                .build());
        assertThat(anyway.task().state()).isEqualTo(TaskState.READY);
    }

    @Test
    void tasksEnqueuedOnAnAcknowledgementMayDependOnEachOther() {
        long a = enqueue(task("a"));
        LeasedTask leased = queue.claimTask(a, "w", null).orElseThrow();
        queue.ack(Ack.builder(leased.lease())
                .enqueue(List.of(
                        task("second").dependsOnRef("first").build(),
                        task("first").build()))
                .succeed());
        assertThat(runAll(Ack.Kind.SUCCEED)).isEqualTo("firstsecond");
    }
}
