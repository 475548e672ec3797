package dev.tide.core.contract;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tide.api.Ack;
import dev.tide.api.ClaimRequest;
import dev.tide.api.Coalescing;
import dev.tide.api.EnqueueResult;
import dev.tide.api.InvalidRequestException;
import dev.tide.api.JobCreated;
import dev.tide.api.JobInfo;
import dev.tide.api.JobState;
import dev.tide.api.JobType;
import dev.tide.api.LeasedTask;
import dev.tide.api.NewJob;
import dev.tide.api.NewTask;
import dev.tide.api.Outcome;
import dev.tide.api.PendingLimitException;
import dev.tide.api.QueueDefinition;
import dev.tide.api.QueueInfo;
import dev.tide.api.TaskInfo;
import dev.tide.api.TaskQuery;
import dev.tide.api.TaskState;
import dev.tide.api.TaskType;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The smart queue of seed 002, the same on every store and over HTTP: what a task with a coalescing key does to the
 * pending tasks with its key (each policy), and the bounds on a queue's pending tasks per queue, key and user. The
 * in-process check function is embedded only: {@link CoalescingCheckContract}.
 */
public abstract class SmartQueueContract extends ManualQueueContract {

    @BeforeEach
    void defineTypes() {
        for (Coalescing policy : Coalescing.values()) {
            queue.defineTaskType(TaskType.named(policy.wireName()).withCoalescing(policy));
        }
    }

    private static NewTask.Builder task(String type, String key, String payload) {
        return NewTask.builder(type).coalescingKey(key).payloadJson(payload);
    }

    private EnqueueResult enqueue(String type, String key, String payload) {
        return queue.enqueue(task(type, key, payload).build());
    }

    private List<TaskInfo> pending(String lane) {
        List<TaskInfo> ready = queue.tasks(TaskQuery.all().withQueue(lane).withState(TaskState.READY))
                .items();
        List<TaskInfo> scheduled = queue.tasks(TaskQuery.all().withQueue(lane).withState(TaskState.SCHEDULED))
                .items();
        return java.util.stream.Stream.concat(ready.stream(), scheduled.stream())
                .toList();
    }

    private List<TaskInfo> all() {
        return queue.tasks(TaskQuery.all()).items();
    }

    // --- policies ------------------------------------------------------------------------------------------------

    @Test
    void aTypesPolicyTravelsWithTheType() {
        assertThat(queue.taskTypes())
                .filteredOn(t -> t.name().equals("replace"))
                .singleElement()
                .extracting(TaskType::coalescing)
                .isEqualTo(Coalescing.REPLACE);
        assertThat(TaskType.named("plain").coalescingOrKeep()).isEqualTo(Coalescing.KEEP);
    }

    @Test
    void keepQueuesBothAndIsTheDefault() {
        EnqueueResult first = enqueue("keep", "k", "1");
        EnqueueResult second = enqueue("keep", "k", "2");
        EnqueueResult undefined = enqueue("undefined-type", "k", "3");
        assertThat(List.of(first, second, undefined)).allMatch(EnqueueResult::created);
        assertThat(pending("default")).hasSize(3).allMatch(t -> "k".equals(t.coalescingKey()));
    }

    @Test
    void ignoreAnswersThePendingTaskAndDropsTheNewcomer() {
        EnqueueResult first = enqueue("ignore", "k", "1");
        EnqueueResult second = enqueue("ignore", "k", "2");
        assertThat(second.created()).isFalse();
        assertThat(second.id()).isEqualTo(first.id());
        assertThat(second.task().payload()).isEqualTo("1");
        assertThat(all()).hasSize(1);
    }

    @Test
    void replaceSupersedesThePendingTaskAndQueuesTheNewcomer() {
        EnqueueResult old = enqueue("replace", "k", "1");
        EnqueueResult newer = enqueue("replace", "k", "2");
        assertThat(newer.created()).isTrue();
        assertThat(newer.id()).isNotEqualTo(old.id());
        TaskInfo superseded = queue.task(old.id());
        assertThat(superseded.state()).isEqualTo(TaskState.FINISHED);
        assertThat(superseded.outcome()).isEqualTo(Outcome.SUPERSEDED);
        assertThat(superseded.status()).isEqualTo("superseded");
        assertThat(superseded.message()).isEqualTo("superseded by task " + newer.id());
        assertThat(superseded.finishedAt()).isEqualTo(T0);
        assertThat(pending("default")).extracting(TaskInfo::id).containsExactly(newer.id());
        assertThat(queue.tasks(TaskQuery.all().withOutcome(Outcome.SUPERSEDED)).items())
                .extracting(TaskInfo::id)
                .containsExactly(old.id());
        assertThat(queue.monitoring().status().queues().get(0).superseded()).isEqualTo(1);
        assertThat(queue.monitoring().status().queues().get(0).cancelled()).isZero();
    }

    @Test
    void mergeGivesThePendingTaskTheNewPayloadAndKeepsItsPlace() {
        EnqueueResult first = enqueue("merge", "k", "{\"progress\":10}");
        enqueue("keep", null, "{\"other\":true}");
        EnqueueResult merged = enqueue("merge", "k", "{\"progress\":90}");
        assertThat(merged.created()).isFalse();
        assertThat(merged.id()).isEqualTo(first.id());
        assertThat(merged.task().payload()).isEqualTo("{\"progress\":90}");
        List<LeasedTask> claimed = queue.claim(ClaimRequest.of("default", "w", 2));
        assertThat(claimed)
                .extracting(t -> t.task().payload())
                .containsExactly("{\"progress\":90}", "{\"other\":true}");
        assertThat(all()).hasSize(2);
    }

    @Test
    void neutralizeCancelsBothEachNamingTheOther() {
        EnqueueResult order = enqueue("keep", "order-7", "{\"order\":7}");
        EnqueueResult cancel = enqueue("neutralize", "order-7", "{\"cancel\":7}");
        assertThat(cancel.created()).isTrue();
        assertThat(cancel.task().outcome()).isEqualTo(Outcome.CANCELLED);
        assertThat(cancel.task().message()).isEqualTo("neutralized task " + order.id());
        TaskInfo cancelledOrder = queue.task(order.id());
        assertThat(cancelledOrder.outcome()).isEqualTo(Outcome.CANCELLED);
        assertThat(cancelledOrder.message()).isEqualTo("neutralized by task " + cancel.id());
        assertThat(pending("default")).isEmpty();
        assertThat(queue.claim(ClaimRequest.of("default", "w", 5))).isEmpty();
    }

    @Test
    void aNewcomerWithNothingToMeetIsQueued() {
        for (Coalescing policy : Coalescing.values()) {
            EnqueueResult alone = enqueue(policy.wireName(), "alone-" + policy.wireName(), "1");
            assertThat(alone.created()).as(policy.wireName()).isTrue();
            assertThat(queue.task(alone.id()).state()).as(policy.wireName()).isEqualTo(TaskState.READY);
        }
    }

    @Test
    void keysAreScopedByQueueAndOwner() {
        queue.enqueue(task("replace", "k", "1").owner("ada").build());
        queue.enqueue(task("replace", "k", "2").owner("bob").build());
        queue.enqueue(task("replace", "k", "3").queue("other").owner("ada").build());
        queue.enqueue(task("replace", "k", "4").build());
        assertThat(all()).hasSize(4).allMatch(t -> t.state() == TaskState.READY);
        queue.enqueue(task("replace", "k", "5").owner("ada").build());
        assertThat(pending("default")).extracting(TaskInfo::payload).containsExactlyInAnyOrder("2", "4", "5");
    }

    @Test
    void leasedTasksAreNotCoalesced() {
        EnqueueResult running = enqueue("replace", "k", "1");
        LeasedTask leased = queue.claim(ClaimRequest.of("default", "w", 1)).get(0);
        EnqueueResult next = enqueue("replace", "k", "2");
        EnqueueResult ignored = enqueue("ignore", "k", "3");
        assertThat(next.created()).isTrue();
        assertThat(queue.task(running.id()).state()).isEqualTo(TaskState.LEASED);
        assertThat(ignored.id())
                .as("the pending one is met, not the leased one")
                .isEqualTo(next.id());
        queue.ack(Ack.succeed(leased.lease()));
        assertThat(queue.task(running.id()).outcome()).isEqualTo(Outcome.SUCCEEDED);
    }

    @Test
    void scheduledTasksArePendingToo() {
        EnqueueResult later =
                queue.enqueue(task("keep", "k", "1").delay(Duration.ofHours(1)).build());
        assertThat(later.task().state()).isEqualTo(TaskState.SCHEDULED);
        EnqueueResult now = enqueue("replace", "k", "2");
        assertThat(queue.task(later.id()).outcome()).isEqualTo(Outcome.SUPERSEDED);
        assertThat(now.task().state()).isEqualTo(TaskState.READY);
    }

    @Test
    void theNewcomersPolicyDecidesWhateverThePendingTasksType() {
        EnqueueResult keep = enqueue("keep", "k", "1");
        EnqueueResult replacing = enqueue("replace", "k", "2");
        assertThat(queue.task(keep.id()).outcome()).isEqualTo(Outcome.SUPERSEDED);
        EnqueueResult kept = enqueue("keep", "k", "3");
        assertThat(kept.created()).isTrue();
        assertThat(queue.task(replacing.id()).state()).isEqualTo(TaskState.READY);
        EnqueueResult replacingAgain = enqueue("replace", "k", "4");
        assertThat(queue.task(replacing.id()).outcome())
                .as("the oldest pending task is the one met")
                .isEqualTo(Outcome.SUPERSEDED);
        assertThat(pending("default"))
                .extracting(TaskInfo::id)
                .containsExactlyInAnyOrder(kept.id(), replacingAgain.id());
    }

    @Test
    void aBatchMeetsItsOwnEarlierTasks() {
        List<EnqueueResult> results = queue.enqueueAll(List.of(
                task("keep", "a", "1").build(),
                task("ignore", "a", "2").build(),
                task("replace", "b", "3").build(),
                task("replace", "b", "4").build(),
                NewTask.builder("keep").payloadJson("5").build()));
        assertThat(results).extracting(EnqueueResult::created).containsExactly(true, false, true, true, true);
        assertThat(results.get(1).id()).isEqualTo(results.get(0).id());
        assertThat(queue.task(results.get(2).id()).outcome()).isEqualTo(Outcome.SUPERSEDED);
        assertThat(pending("default")).extracting(TaskInfo::payload).containsExactlyInAnyOrder("1", "4", "5");
    }

    @Test
    void anIdempotencyKeyStillAnswersItsTask() {
        EnqueueResult first =
                queue.enqueue(task("replace", "k", "1").idempotencyKey("i").build());
        EnqueueResult again =
                queue.enqueue(task("replace", "k", "1").idempotencyKey("i").build());
        assertThat(again.created()).isFalse();
        assertThat(again.id()).isEqualTo(first.id());
        assertThat(queue.task(first.id()).state())
                .as("not superseded by itself")
                .isEqualTo(TaskState.READY);
    }

    @Test
    void aJobCountsSupersededAndNeutralizedTasksAsCancelledAndStillEnds() {
        JobCreated job = queue.createJob(NewJob.builder("import")
                .tasks(List.of(
                        task("keep", "row", "1").build(),
                        task("keep", "cancel-me", "2").build()))
                .build());
        long jobId = job.job().id();
        queue.enqueue(task("replace", "row", "3").job(jobId).build());
        queue.enqueue(task("neutralize", "cancel-me", "4").job(jobId).build());
        JobInfo counted = queue.job(jobId);
        assertThat(counted.total()).isEqualTo(4);
        assertThat(counted.cancelled())
                .as("superseded, neutralized and its neutralizer")
                .isEqualTo(3);
        assertThat(counted.state()).isEqualTo(JobState.OPEN);
        LeasedTask last = queue.claim(ClaimRequest.of("default", "w", 5)).get(0);
        assertThat(last.task().payload()).isEqualTo("3");
        queue.ack(Ack.succeed(last.lease()));
        assertThat(queue.job(jobId).state()).isEqualTo(JobState.FINISHED);
    }

    @Test
    void aJobWhoseOnlyTaskIsReplacedByOneOfItsOwnStaysOpen() {
        JobCreated job = queue.createJob(NewJob.builder("single")
                .tasks(List.of(task("keep", "k", "1").build()))
                .build());
        queue.enqueue(task("replace", "k", "2").job(job.job().id()).build());
        assertThat(queue.job(job.job().id()).state()).isEqualTo(JobState.OPEN);
        assertThat(queue.job(job.job().id()).pending()).isEqualTo(1);
    }

    @Test
    void aBlankKeyIsRefusedByName() {
        assertThatThrownBy(() -> enqueue("keep", "", "1"))
                .isInstanceOf(InvalidRequestException.class)
                .hasMessageStartingWith("coalescingKey");
        assertThatThrownBy(() -> queue.enqueueAll(List.of(
                        task("keep", "a", "1").build(), task("keep", " ", "1").build())))
                .isInstanceOf(InvalidRequestException.class)
                .hasMessageStartingWith("tasks[1].coalescingKey");
    }

    // --- bounds --------------------------------------------------------------------------------------------------

    @Test
    void boundsTravelWithTheQueue() {
        QueueInfo defined =
                queue.queues().define(QueueDefinition.named("frames").withPendingBounds(100, 3, 10));
        assertThat(defined.maxPending()).isEqualTo(100);
        assertThat(defined.maxPendingPerKey()).isEqualTo(3);
        assertThat(defined.maxPendingPerUser()).isEqualTo(10);
        assertThat(queue.queues().list())
                .filteredOn(q -> q.name().equals("frames"))
                .singleElement()
                .satisfies(q -> {
                    assertThat(q.maxPending()).isEqualTo(100);
                    assertThat(q.maxPendingPerKey()).isEqualTo(3);
                    assertThat(q.maxPendingPerUser()).isEqualTo(10);
                });
        assertThatThrownBy(() ->
                        queue.queues().define(QueueDefinition.named("frames").withPendingBounds(0, null, null)))
                .isInstanceOf(InvalidRequestException.class)
                .hasMessageStartingWith("maxPending:");
    }

    @Test
    void theQueuesBoundRefusesTheEnqueueBeyondIt() {
        queue.queues().define(QueueDefinition.named("q").withPendingBounds(2, null, null));
        queue.enqueue(NewTask.builder("keep").queue("q").build());
        queue.enqueue(
                NewTask.builder("keep").queue("q").delay(Duration.ofMinutes(5)).build());
        assertThatThrownBy(
                        () -> queue.enqueue(NewTask.builder("keep").queue("q").build()))
                .isInstanceOfSatisfying(PendingLimitException.class, e -> {
                    assertThat(e.bound()).isEqualTo(PendingLimitException.Bound.QUEUE);
                    assertThat(e.limit()).isEqualTo(2);
                    assertThat(e.queue()).isEqualTo("q");
                    assertThat(e.httpStatus()).isEqualTo(429);
                })
                .hasMessage("queue 'q' holds its maximum of 2 pending tasks (maxPending)");
        queue.enqueue(NewTask.builder("keep").queue("elsewhere").build());
        LeasedTask taken = queue.claim(ClaimRequest.of("q", "w", 1)).get(0);
        assertThat(queue.enqueue(NewTask.builder("keep").queue("q").build()).created())
                .as("a leased task is no longer pending")
                .isTrue();
        queue.ack(Ack.succeed(taken.lease()));
    }

    @Test
    void aRefusedBatchWritesNothing() {
        queue.queues().define(QueueDefinition.named("q").withPendingBounds(3, null, null));
        queue.enqueue(NewTask.builder("keep").queue("q").build());
        List<NewTask> three = List.of(
                NewTask.builder("keep").queue("other").build(),
                NewTask.builder("keep").queue("q").build(),
                NewTask.builder("keep").queue("q").build(),
                NewTask.builder("keep").queue("q").build());
        assertThatThrownBy(() -> queue.enqueueAll(three)).isInstanceOf(PendingLimitException.class);
        assertThat(all()).hasSize(1);
        List<EnqueueResult> fits = queue.enqueueAll(three.subList(0, 3));
        assertThat(fits).hasSize(3);
    }

    @Test
    void theKeysBoundCountsOneOwnersTasksWithOneKey() {
        queue.queues().define(QueueDefinition.named("frames").withPendingBounds(null, 2, null));
        for (int i = 0; i < 2; i++) {
            queue.enqueue(task("keep", "camera-7", "1").queue("frames").build());
        }
        queue.enqueue(task("keep", "camera-8", "1").queue("frames").build());
        queue.enqueue(
                task("keep", "camera-7", "1").queue("frames").owner("other").build());
        queue.enqueue(NewTask.builder("keep").queue("frames").build());
        assertThatThrownBy(() -> queue.enqueue(
                        task("keep", "camera-7", "1").queue("frames").build()))
                .isInstanceOfSatisfying(PendingLimitException.class, e -> {
                    assertThat(e.bound()).isEqualTo(PendingLimitException.Bound.KEY);
                    assertThat(e.key()).isEqualTo("camera-7");
                    assertThat(e.user()).isEmpty();
                })
                .hasMessage("queue 'frames' holds its maximum of 2 pending tasks with coalescing key 'camera-7' of"
                        + " no owner (maxPendingPerKey)");
        assertThat(queue.enqueue(
                                task("replace", "camera-7", "2").queue("frames").build())
                        .created())
                .as("a replacement takes a pending task's place: no count changes")
                .isTrue();
    }

    @Test
    void theUsersBoundCountsOneOwnersTasks() {
        queue.queues().define(QueueDefinition.named("uploads").withPendingBounds(null, null, 2));
        queue.enqueue(NewTask.builder("keep").queue("uploads").owner("ada").build());
        queue.enqueue(NewTask.builder("keep").queue("uploads").owner("ada").build());
        queue.enqueue(NewTask.builder("keep").queue("uploads").owner("bob").build());
        assertThatThrownBy(() -> queue.enqueue(
                        NewTask.builder("keep").queue("uploads").owner("ada").build()))
                .isInstanceOfSatisfying(PendingLimitException.class, e -> {
                    assertThat(e.bound()).isEqualTo(PendingLimitException.Bound.USER);
                    assertThat(e.user()).isEqualTo("ada");
                    assertThat(e.limit()).isEqualTo(2);
                })
                .hasMessage("queue 'uploads' holds its maximum of 2 pending tasks of user 'ada' (maxPendingPerUser)");
    }

    @Test
    void aBoundSetLaterCountsTheTasksAlreadyWaiting() {
        queue.enqueue(NewTask.builder("keep").queue("late").build());
        queue.enqueue(NewTask.builder("keep")
                .queue("late")
                .delay(Duration.ofMinutes(1))
                .build());
        queue.queues().define(QueueDefinition.named("late").withPendingBounds(2, null, null));
        assertThatThrownBy(() ->
                        queue.enqueue(NewTask.builder("keep").queue("late").build()))
                .isInstanceOf(PendingLimitException.class);
        queue.queues().define(QueueDefinition.named("late"));
        assertThat(queue.enqueue(NewTask.builder("keep").queue("late").build()).created())
                .as("bounds removed")
                .isTrue();
    }

    @Test
    void ignoredAndNeutralizingNewcomersPassAFullBound() {
        queue.queues().define(QueueDefinition.named("full").withPendingBounds(1, null, null));
        EnqueueResult only = queue.enqueue(task("keep", "k", "1").queue("full").build());
        assertThat(queue.enqueue(task("ignore", "k", "2").queue("full").build()).id())
                .isEqualTo(only.id());
        assertThat(queue.enqueue(task("merge", "k", "3").queue("full").build())
                        .task()
                        .payload())
                .isEqualTo("3");
        assertThat(queue.enqueue(task("neutralize", "k", "4").queue("full").build())
                        .task()
                        .outcome())
                .isEqualTo(Outcome.CANCELLED);
        assertThat(pending("full")).isEmpty();
    }

    @Test
    void anAcknowledgementThatEnqueuesIntoAFullQueueIsRefusedAndKeepsItsLease() {
        queue.queues().define(QueueDefinition.named("next").withPendingBounds(1, null, null));
        queue.enqueue(NewTask.builder("keep").queue("next").build());
        queue.enqueue(NewTask.builder("keep").build());
        LeasedTask held = queue.claim(ClaimRequest.of("default", "w", 1)).get(0);
        Ack produce = Ack.builder(held.lease())
                .enqueue(NewTask.builder("keep").queue("next").build())
                .succeed();
        assertThatThrownBy(() -> queue.ack(produce)).isInstanceOf(PendingLimitException.class);
        assertThat(queue.task(held.id()).state()).isEqualTo(TaskState.LEASED);
        assertThat(all()).hasSize(2);
    }

    @Test
    void aJobsEndHooksEnqueueEvenIntoAFullQueue() {
        queue.queues().define(QueueDefinition.named("default").withPendingBounds(1, null, null));
        queue.enqueue(NewTask.builder("keep").build());
        queue.defineJobType(new JobType("report-on-end", null, null, null, "report", null, null));
        JobCreated job = queue.createJob(NewJob.builder("report-on-end")
                .tasks(List.of(NewTask.builder("keep").queue("work").build()))
                .build());
        LeasedTask last = queue.claim(ClaimRequest.of("work", "w", 1)).get(0);
        queue.ack(Ack.succeed(last.lease()));
        assertThat(queue.job(job.job().id()).state()).isEqualTo(JobState.FINISHED);
        assertThat(pending("default")).extracting(TaskInfo::type).containsExactlyInAnyOrder("keep", "report");
    }
}
