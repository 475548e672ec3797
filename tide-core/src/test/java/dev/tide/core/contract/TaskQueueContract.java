package dev.tide.core.contract;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tide.api.Ack;
import dev.tide.api.AckResult;
import dev.tide.api.ClaimRequest;
import dev.tide.api.ConflictException;
import dev.tide.api.Discipline;
import dev.tide.api.EnqueueResult;
import dev.tide.api.InvalidRequestException;
import dev.tide.api.JobCreated;
import dev.tide.api.JobEndNotice;
import dev.tide.api.JobInfo;
import dev.tide.api.JobState;
import dev.tide.api.JobType;
import dev.tide.api.Lease;
import dev.tide.api.LeaseLostException;
import dev.tide.api.LeasedTask;
import dev.tide.api.NewJob;
import dev.tide.api.NewTask;
import dev.tide.api.NotFoundException;
import dev.tide.api.Outcome;
import dev.tide.api.Page;
import dev.tide.api.PayloadTooLargeException;
import dev.tide.api.QueueDefinition;
import dev.tide.api.QueueInfo;
import dev.tide.api.RetryBackoff;
import dev.tide.api.StatusReport;
import dev.tide.api.TaskDefaults;
import dev.tide.api.TaskInfo;
import dev.tide.api.TaskQuery;
import dev.tide.api.TaskQueue;
import dev.tide.api.TaskState;
import dev.tide.api.TaskType;
import dev.tide.api.json.Json;
import dev.tide.core.TideConfig;
import dev.tide.core.TideInternals;
import dev.tide.core.store.sqlite.SqliteStore;
import dev.tide.core.time.ManualClock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The behaviour every Tide queue must have, whatever stores it and however it is reached. Subclasses supply a
 * {@link FixtureFactory}: SQLite, PostgreSQL, HTTP. Time-dependent rules run on a {@link ManualClock}; maintenance is
 * driven explicitly.
 */
public abstract class TaskQueueContract {
    protected static final Instant T0 = Instant.parse("2026-01-05T09:00:00Z");

    protected ManualClock clock;
    protected QueueFixture fixture;
    protected TaskQueue queue;

    protected abstract FixtureFactory factory();

    /** Engine settings for these tests; subclasses may adjust. */
    protected TideConfig config() {
        // The blob store's cap too: it raises the cap of task payloads (BlobPayloadContract tests that).
        return TideConfig.defaults()
                .withMaintenanceInterval(null)
                .withPayloadCap(4096)
                .withBlobPayloadCap(4096);
    }

    @BeforeEach
    void openQueue() {
        clock = new ManualClock(T0);
        fixture = factory().open(clock, config());
        queue = fixture.queue();
    }

    @AfterEach
    void closeQueue() {
        if (fixture != null) {
            fixture.close();
        }
    }

    // --- helpers -------------------------------------------------------------------------------------------------

    protected EnqueueResult enqueue(String type) {
        return queue.enqueue(NewTask.of(type, Map.of("n", 1)));
    }

    protected List<LeasedTask> claim(String worker, int limit) {
        return queue.claim(ClaimRequest.of("default", worker, limit));
    }

    protected LeasedTask claimOne(String worker) {
        List<LeasedTask> got = claim(worker, 1);
        assertThat(got).as("a claimable task").hasSize(1);
        return got.get(0);
    }

    protected long count(TaskQuery query) {
        long n = 0;
        String cursor = null;
        do {
            Page<TaskInfo> page =
                    queue.tasks(query.withLimit(TaskQuery.MAX_LIMIT).withCursor(cursor));
            n += page.items().size();
            cursor = page.nextCursor();
        } while (cursor != null);
        return n;
    }

    protected long totalTasks() {
        return count(TaskQuery.all());
    }

    // --- enqueue -------------------------------------------------------------------------------------------------

    @Test
    void enqueuedTaskIsReadyWithEngineDefaults() {
        EnqueueResult r = queue.enqueue(NewTask.builder("email")
                .payload(Map.of("to", "ada@example.org"))
                .owner("alice")
                .build());
        assertThat(r.created()).isTrue();
        TaskInfo t = queue.task(r.id());
        assertThat(t.type()).isEqualTo("email");
        assertThat(t.queue()).isEqualTo("default");
        assertThat(t.owner()).isEqualTo("alice");
        assertThat(t.payload()).isEqualTo("{\"to\":\"ada@example.org\"}");
        assertThat(t.state()).isEqualTo(TaskState.READY);
        assertThat(t.outcome()).isNull();
        assertThat(t.status()).isEqualTo("ready");
        assertThat(t.attempts()).isZero();
        assertThat(t.maxAttempts()).isEqualTo(5);
        assertThat(t.priority()).isZero();
        assertThat(t.createdAt()).isEqualTo(T0);
        assertThat(t.runAt()).isEqualTo(T0);
        assertThat(t.deadline()).isNull();
        assertThat(t.startedAt()).isNull();
    }

    @Test
    void payloadKeepsAnyJsonValue() {
        long a = queue.enqueue(NewTask.builder("t")
                        .payloadJson("[1, 2, {\"x\": null}]")
                        .build())
                .id();
        long b = queue.enqueue(NewTask.builder("t").payloadJson("\"text\"").build())
                .id();
        long c = queue.enqueue(NewTask.builder("t").build()).id();
        assertThat(queue.task(a).payload()).isEqualTo("[1,2,{\"x\":null}]");
        assertThat(queue.task(b).payload()).isEqualTo("\"text\"");
        assertThat(queue.task(c).payload()).isNull();
    }

    @Test
    void invalidTasksAreRefusedNamingTheFieldAndWriteNothing() {
        assertThatThrownBy(() -> queue.enqueue(NewTask.builder(null).build()))
                .isInstanceOfSatisfying(
                        InvalidRequestException.class,
                        e -> assertThat(e.field()).isEqualTo("type"));
        assertThatThrownBy(() -> queue.enqueue(NewTask.builder("bad type!").build()))
                .isInstanceOfSatisfying(
                        InvalidRequestException.class,
                        e -> assertThat(e.field()).isEqualTo("type"));
        assertThatThrownBy(() ->
                        queue.enqueue(NewTask.builder("t").payloadJson("{oops").build()))
                .isInstanceOfSatisfying(
                        InvalidRequestException.class,
                        e -> assertThat(e.field()).isEqualTo("payload"));
        assertThatThrownBy(
                        () -> queue.enqueue(NewTask.builder("t").maxAttempts(0).build()))
                .isInstanceOfSatisfying(
                        InvalidRequestException.class,
                        e -> assertThat(e.field()).isEqualTo("maxAttempts"));
        assertThatThrownBy(() -> queue.enqueue(NewTask.builder("t")
                        .runAt(T0)
                        .delay(Duration.ofSeconds(1))
                        .build()))
                .isInstanceOfSatisfying(
                        InvalidRequestException.class,
                        e -> assertThat(e.field()).isEqualTo("delay"));
        assertThatThrownBy(() ->
                        queue.enqueue(NewTask.builder("t").queue("no spaces").build()))
                .isInstanceOfSatisfying(
                        InvalidRequestException.class,
                        e -> assertThat(e.field()).isEqualTo("queue"));
        assertThat(totalTasks()).isZero();
    }

    @Test
    void payloadOverTheCapIsRefused() {
        String big = "\"" + "x".repeat(5000) + "\"";
        assertThatThrownBy(() ->
                        queue.enqueue(NewTask.builder("t").payloadJson(big).build()))
                .isInstanceOf(PayloadTooLargeException.class)
                .hasMessageContaining("payload");
        assertThat(totalTasks()).isZero();
    }

    @Test
    void aBatchIsAllOrNothing() {
        List<NewTask> batch = List.of(
                NewTask.of("a", 1),
                NewTask.of("b", 2),
                NewTask.builder("c").payloadJson("{broken").build());
        assertThatThrownBy(() -> queue.enqueueAll(batch))
                .isInstanceOfSatisfying(
                        InvalidRequestException.class,
                        e -> assertThat(e.field()).isEqualTo("tasks[2].payload"));
        assertThat(totalTasks()).isZero();

        List<EnqueueResult> ok = queue.enqueueAll(List.of(NewTask.of("a", 1), NewTask.of("b", 2)));
        assertThat(ok).hasSize(2).allMatch(EnqueueResult::created);
        assertThat(ok.get(1).id()).isGreaterThan(ok.get(0).id());
    }

    @Test
    void delayedTaskWaitsForItsTime() {
        long id = queue.enqueue(
                        NewTask.builder("t").delay(Duration.ofMinutes(10)).build())
                .id();
        assertThat(queue.task(id).state()).isEqualTo(TaskState.SCHEDULED);
        assertThat(queue.task(id).runAt()).isEqualTo(T0.plus(Duration.ofMinutes(10)));
        fixture.maintenance();
        assertThat(claim("w", 10)).isEmpty();

        clock.advance(Duration.ofMinutes(9));
        fixture.maintenance();
        assertThat(claim("w", 10)).isEmpty();

        clock.advance(Duration.ofMinutes(1));
        fixture.maintenance();
        assertThat(claimOne("w").id()).isEqualTo(id);
    }

    // --- idempotency ---------------------------------------------------------------------------------------------

    @Test
    void idempotencyKeyReturnsTheSameTask() {
        NewTask task = NewTask.builder("email")
                .payload(Map.of("to", "x"))
                .idempotencyKey("k1")
                .build();
        EnqueueResult first = queue.enqueue(task);
        EnqueueResult again = queue.enqueue(task);
        assertThat(first.created()).isTrue();
        assertThat(again.created()).isFalse();
        assertThat(again.id()).isEqualTo(first.id());
        // Whitespace does not make a payload different.
        EnqueueResult spaced = queue.enqueue(NewTask.builder("email")
                .payloadJson("{ \"to\" : \"x\" }")
                .idempotencyKey("k1")
                .build());
        assertThat(spaced.id()).isEqualTo(first.id());
        assertThat(totalTasks()).isEqualTo(1);
    }

    @Test
    void idempotencyKeyWithAnotherPayloadIsAConflict() {
        queue.enqueue(NewTask.builder("email")
                .payload(Map.of("to", "x"))
                .idempotencyKey("k1")
                .build());
        assertThatThrownBy(() -> queue.enqueue(NewTask.builder("email")
                        .payload(Map.of("to", "y"))
                        .idempotencyKey("k1")
                        .build()))
                .isInstanceOf(ConflictException.class)
                .hasMessageContaining("k1");
        assertThat(totalTasks()).isEqualTo(1);
    }

    @Test
    void idempotencyKeysAreScopedPerQueueAndOwner() {
        long a = queue.enqueue(
                        NewTask.builder("t").idempotencyKey("k").owner("alice").build())
                .id();
        long b = queue.enqueue(
                        NewTask.builder("t").idempotencyKey("k").owner("bob").build())
                .id();
        long c = queue.enqueue(NewTask.builder("t")
                        .idempotencyKey("k")
                        .owner("alice")
                        .queue("other")
                        .build())
                .id();
        long d = queue.enqueue(NewTask.builder("t").idempotencyKey("k").build()).id();
        assertThat(Set.of(a, b, c, d)).hasSize(4);
        assertThat(queue.enqueue(NewTask.builder("t")
                                .idempotencyKey("k")
                                .owner("bob")
                                .build())
                        .id())
                .isEqualTo(b);
    }

    @Test
    void idempotencyKeyHoldsWithinOneBatch() {
        NewTask t = NewTask.builder("t").payload(1).idempotencyKey("same").build();
        List<EnqueueResult> r = queue.enqueueAll(List.of(t, t));
        assertThat(r.get(0).created()).isTrue();
        assertThat(r.get(1).created()).isFalse();
        assertThat(r.get(1).id()).isEqualTo(r.get(0).id());
    }

    @Test
    void aBatchMixingNewTasksAndTakenKeysAnswersEachInOrder() {
        NewTask keyed = NewTask.builder("t").payload(1).idempotencyKey("taken").build();
        long taken = queue.enqueue(keyed).id();
        NewTask fresh = NewTask.builder("t").payload(2).idempotencyKey("fresh").build();
        List<EnqueueResult> r = queue.enqueueAll(List.of(NewTask.of("t", 3), keyed, fresh, fresh, NewTask.of("t", 4)));
        assertThat(r).extracting(EnqueueResult::created).containsExactly(true, false, true, false, true);
        assertThat(r.get(1).id()).isEqualTo(taken);
        assertThat(r.get(3).id()).isEqualTo(r.get(2).id());
        assertThat(Set.of(taken, r.get(0).id(), r.get(2).id(), r.get(4).id())).hasSize(4);
        assertThat(queue.task(r.get(4).id()).payload()).isEqualTo("4");
        assertThat(totalTasks()).isEqualTo(4);
    }

    @Test
    void idempotencyKeyIsFreeAgainOnceItsTaskIsPruned() {
        NewTask t = NewTask.builder("t").idempotencyKey("k").build();
        long first = queue.enqueue(t).id();
        LeasedTask leased = claimOne("w");
        queue.ack(Ack.succeed(leased.lease()));
        clock.advance(Duration.ofDays(8));
        fixture.maintenance();
        assertThatThrownBy(() -> queue.task(first)).isInstanceOf(NotFoundException.class);
        EnqueueResult second = queue.enqueue(t);
        assertThat(second.created()).isTrue();
        assertThat(second.id()).isNotEqualTo(first);
    }

    // --- queues: disciplines and suspension ------------------------------------------------------------------------

    private List<Long> drainIds(String lane, int n) {
        List<Long> order = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            List<LeasedTask> got = queue.claim(ClaimRequest.of(lane, "w", 1));
            assertThat(got).as("task %d of %d from %s", i + 1, n, lane).hasSize(1);
            order.add(got.get(0).id());
        }
        return order;
    }

    private long enqueueTo(String lane, int priority, Instant deadline) {
        return queue.enqueue(NewTask.builder("t")
                        .queue(lane)
                        .priority(priority)
                        .deadline(deadline)
                        .build())
                .id();
    }

    @Test
    void aFifoQueueServesInArrivalOrderWhateverThePriority() {
        QueueInfo defined = queue.queues().define(QueueDefinition.named("lane").withDiscipline(Discipline.FIFO));
        assertThat(defined.discipline()).isEqualTo(Discipline.FIFO);
        assertThat(defined.suspended()).isFalse();
        long a = enqueueTo("lane", 0, null);
        long b = enqueueTo("lane", 100, T0.plusSeconds(5));
        long c = enqueueTo("lane", -5, null);
        assertThat(drainIds("lane", 3)).containsExactly(a, b, c);
    }

    @Test
    void anEdfQueueServesTheEarliestDeadlineOfTaskOrJobFirst() {
        queue.queues().define(QueueDefinition.named("lane").withDiscipline(Discipline.EDF));
        long none = enqueueTo("lane", 100, null);
        long late = enqueueTo("lane", 0, T0.plus(Duration.ofHours(3)));
        long soon = enqueueTo("lane", -1, T0.plus(Duration.ofHours(1)));
        long inUrgentJob = queue.createJob(NewJob.builder("j")
                        .deadline(T0.plus(Duration.ofMinutes(30)))
                        .task(NewTask.builder("t")
                                .queue("lane")
                                .deadline(T0.plus(Duration.ofHours(5)))
                                .build())
                        .build())
                .taskIds()
                .get(0);
        long sameAsSoon = enqueueTo("lane", 50, T0.plus(Duration.ofHours(1)));
        assertThat(drainIds("lane", 5)).containsExactly(inUrgentJob, soon, sameAsSoon, late, none);
    }

    @Test
    void aNewDisciplineReordersTheTasksAlreadyWaiting() {
        long low = enqueueTo("lane", 0, null);
        long high = enqueueTo("lane", 9, null);
        long scheduled = queue.enqueue(NewTask.builder("t")
                        .queue("lane")
                        .priority(5)
                        .delay(Duration.ofMinutes(1))
                        .build())
                .id();
        QueueInfo changed = queue.queues().define(QueueDefinition.named("lane").withDiscipline(Discipline.FIFO));
        assertThat(changed.reordering()).isTrue();
        long newest = enqueueTo("lane", 100, null);
        fixture.maintenance();
        // Re-keyed. On a store shared by nodes an enqueue racing the change could still land, so it keeps looking for
        // a little while; SQLite's one writer lets nothing race the change, so it is done.
        boolean watching = !(TideInternals.store(fixture.engine()) instanceof SqliteStore);
        assertThat(queue.queues().list())
                .singleElement()
                .satisfies(q -> assertThat(q.reordering()).isEqualTo(watching));
        clock.advance(Duration.ofMinutes(1)); // the watch is over, and the delayed task due
        fixture.maintenance();
        assertThat(queue.queues().list())
                .singleElement()
                .satisfies(q -> assertThat(q.reordering()).isFalse());
        assertThat(drainIds("lane", 4)).containsExactly(low, high, scheduled, newest);
        // Defining it again the same way starts nothing.
        assertThat(queue.queues()
                        .define(QueueDefinition.named("lane").withDiscipline(Discipline.FIFO))
                        .reordering())
                .isFalse();
    }

    @Test
    void aRouletteQueueDrawsByWeight() {
        queue.queues().define(QueueDefinition.named("wheel").withDiscipline(Discipline.ROULETTE));
        // A claim takes a task with probability weight / total: 1e-12 for the light one here.
        long light = queue.enqueue(NewTask.builder("t")
                        .queue("wheel")
                        .priority(100)
                        .weight(0.000001)
                        .build())
                .id();
        long heavy = queue.enqueue(
                        NewTask.builder("t").queue("wheel").weight(1_000_000).build())
                .id();
        assertThat(queue.task(light).weight()).isEqualTo(0.000001);
        assertThat(drainIds("wheel", 2)).containsExactly(heavy, light);
        assertThat(queue.task(enqueueTo("wheel", 0, null)).weight()).isEqualTo(1.0);
    }

    @Test
    void aQueueTurnedRouletteDrawsAmongTheTasksAlreadyWaiting() {
        long first = queue.enqueue(NewTask.builder("t")
                        .queue("lane")
                        .priority(9)
                        .weight(0.000001)
                        .build())
                .id();
        long second = queue.enqueue(
                        NewTask.builder("t").queue("lane").weight(1_000_000).build())
                .id();
        queue.queues().define(QueueDefinition.named("lane").withDiscipline(Discipline.ROULETTE));
        fixture.maintenance();
        assertThat(drainIds("lane", 2)).containsExactly(second, first);
    }

    @Test
    void aWeightMustBePositiveAndBounded() {
        for (double bad : new double[] {0, -1, Double.NaN, 2e6}) {
            assertThatThrownBy(
                            () -> queue.enqueue(NewTask.builder("t").weight(bad).build()))
                    .as("weight %s", bad)
                    .isInstanceOfSatisfying(
                            InvalidRequestException.class,
                            e -> assertThat(e.field()).isEqualTo("weight"));
        }
        assertThat(totalTasks()).isZero();
    }

    @Test
    void aSuspendedQueueTakesTasksButHandsOutNone() {
        long waiting = enqueueTo("lane", 0, null);
        enqueue("t");
        QueueInfo suspended = queue.queues().suspend("lane");
        assertThat(suspended.suspended()).isTrue();
        assertThat(suspended.discipline()).isEqualTo(Discipline.PRIORITY);
        long arrived = enqueueTo("lane", 0, null);
        assertThat(queue.claim(ClaimRequest.of("lane", "w", 10))).isEmpty();
        assertThat(queue.claimTask(waiting, "w", null)).isEmpty();
        assertThat(claim("w", 10)).as("other queues keep flowing").hasSize(1);
        // Redefining the discipline keeps the suspension.
        assertThat(queue.queues()
                        .define(QueueDefinition.named("lane").withDiscipline(Discipline.FIFO))
                        .suspended())
                .isTrue();
        assertThat(queue.queues().resume("lane").suspended()).isFalse();
        assertThat(drainIds("lane", 2)).containsExactly(waiting, arrived);
        assertThat(queue.queues().list()).extracting(QueueInfo::name).containsExactly("lane");
    }

    @Test
    void aSuspendedServerTakesTasksButHandsOutNoneFromAnyQueue() {
        long lane = enqueueTo("lane", 0, null);
        long plain = enqueue("t").id();
        queue.queues().suspend("held");
        long held = enqueueTo("held", 0, null);
        StatusReport suspended = queue.queues().suspendAll();
        assertThat(suspended.suspended()).isTrue();
        assertThat(queue.monitoring().status().suspended()).isTrue();
        long arrived = enqueueTo("lane", 0, null);
        assertThat(queue.claim(ClaimRequest.of("lane", "w", 10))).isEmpty();
        assertThat(claim("w", 10)).isEmpty();
        assertThat(queue.claimTask(plain, "w", null)).isEmpty();
        assertThat(queue.queues().list()).extracting(QueueInfo::name).containsExactly("held");

        assertThat(queue.queues().resumeAll().suspended()).isFalse();
        assertThat(drainIds("lane", 2)).containsExactly(lane, arrived);
        assertThat(claim("w", 10)).extracting(LeasedTask::id).containsExactly(plain);
        assertThat(queue.claim(ClaimRequest.of("held", "w", 10)))
                .as("a queue suspended on its own stays suspended")
                .isEmpty();
        assertThat(queue.queues().resume("held").suspended()).isFalse();
        assertThat(drainIds("held", 1)).containsExactly(held);
    }

    @Test
    void badQueueNamesAreRefused() {
        assertThatThrownBy(() -> queue.queues()
                        .define(new QueueDefinition("no spaces", Discipline.FIFO, null, null, null, null, null, null)))
                .isInstanceOfSatisfying(
                        InvalidRequestException.class,
                        e -> assertThat(e.field()).isEqualTo("name"));
        assertThatThrownBy(() -> queue.queues().suspend("no/slash"))
                .isInstanceOfSatisfying(
                        InvalidRequestException.class,
                        e -> assertThat(e.field()).isEqualTo("queue"));
        assertThat(queue.queues().list()).isEmpty();
    }

    // --- claiming ------------------------------------------------------------------------------------------------

    @Test
    void claimWritesALeaseAndStartsAnAttempt() {
        long id = enqueue("t").id();
        clock.advance(Duration.ofSeconds(3));
        LeasedTask got = claimOne("worker-1");
        assertThat(got.id()).isEqualTo(id);
        assertThat(got.task().state()).isEqualTo(TaskState.LEASED);
        assertThat(got.task().attempts()).isEqualTo(1);
        assertThat(got.task().startedAt()).isEqualTo(T0.plusSeconds(3));
        assertThat(got.lease().owner()).isEqualTo("worker-1");
        assertThat(got.lease().token()).isNotBlank();
        assertThat(got.lease().duration()).isEqualTo(Duration.ofMinutes(5));
        assertThat(got.lease().expiresAt()).isEqualTo(T0.plusSeconds(3).plus(Duration.ofMinutes(5)));
        assertThat(queue.task(id).leaseOwner()).isEqualTo("worker-1");
        assertThat(claim("worker-2", 5)).isEmpty();
    }

    @Test
    void claimsNeverShareATask() {
        List<NewTask> tasks = new ArrayList<>();
        for (int i = 0; i < 50; i++) {
            tasks.add(NewTask.of("t", i));
        }
        queue.enqueueAll(tasks);
        Set<Long> seen = new HashSet<>();
        for (int i = 0; i < 10; i++) {
            for (LeasedTask t : claim("w" + i, 7)) {
                assertThat(seen.add(t.id())).as("task %d claimed twice", t.id()).isTrue();
            }
        }
        assertThat(seen).hasSize(50);
    }

    @Test
    void claimFollowsTheDefaultDispatchOrder() {
        // Job priority desc, job deadline asc, task priority desc, task deadline asc, first in first out.
        Instant soon = T0.plus(Duration.ofHours(1));
        Instant later = T0.plus(Duration.ofHours(2));
        long lowJob = queue.createJob(NewJob.builder("j")
                        .priority(1)
                        .task(NewTask.of("t", "low-job"))
                        .build())
                .taskIds()
                .get(0);
        long highJobLate = queue.createJob(NewJob.builder("j")
                        .priority(5)
                        .deadline(later)
                        .task(NewTask.of("t", "high-job-late"))
                        .build())
                .taskIds()
                .get(0);
        long highJobSoon = queue.createJob(NewJob.builder("j")
                        .priority(5)
                        .deadline(soon)
                        .task(NewTask.of("t", "high-job-soon"))
                        .build())
                .taskIds()
                .get(0);
        long loose = queue.enqueue(NewTask.builder("t").priority(100).build()).id();
        long looseFirst =
                queue.enqueue(NewTask.builder("t").priority(0).build()).id();
        long looseSecond =
                queue.enqueue(NewTask.builder("t").priority(0).build()).id();
        long looseDeadline = queue.enqueue(
                        NewTask.builder("t").priority(0).deadline(later).build())
                .id();
        long looseEarlierDeadline = queue.enqueue(
                        NewTask.builder("t").priority(0).deadline(soon).build())
                .id();

        List<Long> order = new ArrayList<>();
        for (int i = 0; i < 8; i++) {
            order.add(claimOne("w").id());
        }
        assertThat(order)
                .containsExactly(
                        highJobSoon,
                        highJobLate,
                        lowJob,
                        loose,
                        looseEarlierDeadline,
                        looseDeadline,
                        looseFirst,
                        looseSecond);
    }

    @Test
    void claimReturnsABatchInDispatchOrder() {
        long a = queue.enqueue(NewTask.builder("t").priority(1).build()).id();
        long b = queue.enqueue(NewTask.builder("t").priority(3).build()).id();
        long c = queue.enqueue(NewTask.builder("t").priority(2).build()).id();
        assertThat(claim("w", 10).stream().map(LeasedTask::id)).containsExactly(b, c, a);
    }

    @Test
    void claimCanBeLimitedToTypes() {
        enqueue("email");
        long report = enqueue("report").id();
        List<LeasedTask> got = queue.claim(ClaimRequest.of("default", "w", 10).withTypes(Set.of("report", "x")));
        assertThat(got).extracting(LeasedTask::id).containsExactly(report);
    }

    @Test
    void queuesAreSeparateLanes() {
        queue.enqueue(NewTask.builder("t").queue("mail").build());
        assertThat(claim("w", 10)).isEmpty();
        assertThat(queue.claim(ClaimRequest.of("mail", "w", 10))).hasSize(1);
    }

    @Test
    void claimWithInvalidArgumentsIsRefused() {
        assertThatThrownBy(() -> queue.claim(ClaimRequest.of("default", "w", 0)))
                .isInstanceOfSatisfying(
                        InvalidRequestException.class,
                        e -> assertThat(e.field()).isEqualTo("limit"));
        assertThatThrownBy(() -> queue.claim(ClaimRequest.of("default", " ", 1)))
                .isInstanceOfSatisfying(
                        InvalidRequestException.class,
                        e -> assertThat(e.field()).isEqualTo("worker"));
    }

    @Test
    void aSpecificTaskCanBeClaimedFromTheList() {
        long first = enqueue("t").id();
        long second = enqueue("t").id();
        Optional<LeasedTask> picked = queue.claimTask(second, "person", null);
        assertThat(picked).isPresent();
        assertThat(picked.get().id()).isEqualTo(second);
        assertThat(queue.claimTask(second, "someone-else", null)).isEmpty();
        assertThatThrownBy(() -> queue.claimTask(999_999, "person", null)).isInstanceOf(NotFoundException.class);
        assertThat(claimOne("w").id()).isEqualTo(first);
    }

    @Test
    void longPollReturnsWhenATaskArrives() throws Exception {
        CompletableFuture<List<LeasedTask>> waiting = CompletableFuture.supplyAsync(
                () -> queue.claim(ClaimRequest.of("default", "w", 1).withWait(Duration.ofSeconds(20))));
        Thread.sleep(200);
        assertThat(waiting).isNotDone();
        long id = enqueue("t").id();
        List<LeasedTask> got = waiting.get(10, TimeUnit.SECONDS);
        assertThat(got).extracting(LeasedTask::id).containsExactly(id);
    }

    @Test
    void longPollGivesUpAfterItsWait() {
        long start = System.nanoTime();
        assertThat(queue.claim(ClaimRequest.of("default", "w", 1).withWait(Duration.ofMillis(300))))
                .isEmpty();
        assertThat(Duration.ofNanos(System.nanoTime() - start)).isGreaterThanOrEqualTo(Duration.ofMillis(290));
    }

    // --- leases --------------------------------------------------------------------------------------------------

    @Test
    void heartbeatExtendsTheLease() {
        enqueue("t");
        LeasedTask t = claimOne("w");
        clock.advance(Duration.ofMinutes(4));
        Lease renewed = queue.heartbeat(t.lease(), Duration.ofMinutes(10));
        assertThat(renewed.expiresAt()).isEqualTo(T0.plus(Duration.ofMinutes(14)));
        assertThat(renewed.token()).isEqualTo(t.lease().token());
        clock.advance(Duration.ofMinutes(6));
        fixture.maintenance();
        assertThat(queue.task(t.id()).state()).isEqualTo(TaskState.LEASED);
        Lease byDefault = queue.heartbeat(t.lease(), null);
        assertThat(byDefault.expiresAt()).isEqualTo(clock.instant().plus(Duration.ofMinutes(5)));
    }

    @Test
    void heartbeatWithAStaleTokenReportsALostLease() {
        enqueue("t");
        LeasedTask t = claimOne("w");
        Lease forged = new Lease(
                t.id(), "w", "not-the-token", t.lease().expiresAt(), t.lease().duration());
        assertThatThrownBy(() -> queue.heartbeat(forged, null)).isInstanceOf(LeaseLostException.class);
        assertThat(queue.heartbeat(List.of(forged, t.lease()), null))
                .extracting(Lease::taskId)
                .containsExactly(t.id());
    }

    @Test
    void expiredLeaseReturnsTheTaskToThePool() {
        long id = enqueue("t").id();
        LeasedTask first = claimOne("crashed-worker");
        clock.advance(Duration.ofMinutes(5).plusMillis(1));
        fixture.maintenance();
        TaskInfo back = queue.task(id);
        assertThat(back.state()).isEqualTo(TaskState.READY);
        assertThat(back.attempts()).isEqualTo(1);
        assertThat(back.message()).contains("lease expired");

        LeasedTask second = claimOne("healthy-worker");
        assertThat(second.id()).isEqualTo(id);
        assertThat(second.task().attempts()).isEqualTo(2);
        assertThat(second.lease().token()).isNotEqualTo(first.lease().token());

        // The first holder's late acknowledgement changes nothing.
        assertThatThrownBy(() -> queue.ack(Ack.succeed(first.lease()))).isInstanceOf(LeaseLostException.class);
        assertThat(queue.task(id).state()).isEqualTo(TaskState.LEASED);
        assertThat(queue.task(id).leaseOwner()).isEqualTo("healthy-worker");
        queue.ack(Ack.succeed(second.lease()));
        assertThat(queue.task(id).outcome()).isEqualTo(Outcome.SUCCEEDED);
    }

    @Test
    void leaseNotYetExpiredIsKept() {
        long id = enqueue("t").id();
        claimOne("w");
        clock.advance(Duration.ofMinutes(4));
        fixture.maintenance();
        assertThat(queue.task(id).state()).isEqualTo(TaskState.LEASED);
    }

    @Test
    void expiredLeaseOfTheLastAttemptFailsTheTask() {
        long id = queue.enqueue(NewTask.builder("t").maxAttempts(1).build()).id();
        claimOne("w");
        clock.advance(Duration.ofMinutes(6));
        fixture.maintenance();
        TaskInfo t = queue.task(id);
        assertThat(t.outcome()).isEqualTo(Outcome.FAILED);
        assertThat(t.message()).contains("out of attempts");
    }

    @Test
    void aRestartingWorkerReleasesItsPreviousLeasesAtOnce() {
        long a = enqueue("t").id();
        long b = enqueue("t").id();
        long other = enqueue("t").id();
        claim("node-1/default", 2);
        LeasedTask kept = claimOne("node-2/default");
        assertThat(queue.releaseLeases("node-1/default")).isEqualTo(2);
        assertThat(queue.task(a).state()).isEqualTo(TaskState.READY);
        assertThat(queue.task(b).state()).isEqualTo(TaskState.READY);
        assertThat(queue.task(a).message()).contains("restarted");
        assertThat(queue.task(other).state()).isEqualTo(TaskState.LEASED);
        assertThat(kept.id()).isEqualTo(other);
        assertThat(queue.releaseLeases("node-1/default")).isZero();
    }

    @Test
    void anOwnerListsAndResumesItsLeasesAfterACrash() {
        long a = enqueue("t").id();
        long b = enqueue("t").id();
        List<LeasedTask> before = claim("clerk", 2);
        assertThat(queue.leases("clerk")).extracting(LeasedTask::id).containsExactly(a, b);
        assertThat(queue.leases("nobody")).isEmpty();

        clock.advance(Duration.ofMinutes(1));
        List<LeasedTask> resumed = queue.resumeLeases("clerk", Duration.ofMinutes(30));
        assertThat(resumed).extracting(LeasedTask::id).containsExactly(a, b);
        assertThat(resumed.get(0).lease().token())
                .isNotEqualTo(before.get(0).lease().token());
        assertThat(resumed.get(0).lease().expiresAt()).isEqualTo(T0.plus(Duration.ofMinutes(31)));
        assertThat(resumed.get(0).task().attempts()).isEqualTo(1);
        assertThatThrownBy(() -> queue.ack(Ack.succeed(before.get(0).lease()))).isInstanceOf(LeaseLostException.class);
        queue.ack(Ack.succeed(resumed.get(0).lease()));
        assertThat(queue.task(a).outcome()).isEqualTo(Outcome.SUCCEEDED);
    }

    // --- acknowledgements ----------------------------------------------------------------------------------------

    @Test
    void successKeepsResultAndMessage() {
        long id = enqueue("t").id();
        LeasedTask t = claimOne("w");
        clock.advance(Duration.ofSeconds(2));
        AckResult r = queue.ack(
                t.ack().result(Map.of("sent", true)).message("delivered").succeed());
        assertThat(r.accepted()).isTrue();
        assertThat(r.state()).isEqualTo(TaskState.FINISHED);
        assertThat(r.outcome()).isEqualTo(Outcome.SUCCEEDED);
        TaskInfo done = queue.task(id);
        assertThat(done.state()).isEqualTo(TaskState.FINISHED);
        assertThat(done.outcome()).isEqualTo(Outcome.SUCCEEDED);
        assertThat(done.status()).isEqualTo("succeeded");
        assertThat(done.result()).isEqualTo("{\"sent\":true}");
        assertThat(done.message()).isEqualTo("delivered");
        assertThat(done.finishedAt()).isEqualTo(T0.plusSeconds(2));
        assertThatThrownBy(() -> queue.ack(Ack.succeed(t.lease()))).isInstanceOf(LeaseLostException.class);
    }

    @Test
    void aLogicalFailureEndsTheTaskWithoutRetry() {
        long id = enqueue("t").id();
        LeasedTask t = claimOne("w");
        queue.ack(t.ack().message("no such student").fail());
        TaskInfo done = queue.task(id);
        assertThat(done.outcome()).isEqualTo(Outcome.FAILED);
        assertThat(done.attempts()).isEqualTo(1);
        assertThat(done.message()).isEqualTo("no such student");
    }

    @Test
    void retryWaitsOutTheBackoffThenFailsAfterMaxAttempts() {
        queue.defineTaskType(TaskType.named("flaky")
                .withMaxAttempts(3)
                .withBackoff(new RetryBackoff(Duration.ofSeconds(10), 2.0, Duration.ofMinutes(5), 0.0)));
        long id = enqueue("flaky").id();

        LeasedTask first = claimOne("w");
        queue.ack(first.ack().message("timeout 1").retry());
        TaskInfo waiting = queue.task(id);
        assertThat(waiting.state()).isEqualTo(TaskState.SCHEDULED);
        assertThat(waiting.runAt()).isEqualTo(T0.plusSeconds(10));
        assertThat(waiting.message()).isEqualTo("timeout 1");
        fixture.maintenance();
        assertThat(claim("w", 1)).isEmpty();

        clock.advance(Duration.ofSeconds(10));
        fixture.maintenance();
        LeasedTask second = claimOne("w");
        assertThat(second.task().attempts()).isEqualTo(2);
        queue.ack(second.ack().message("timeout 2").retry());
        assertThat(queue.task(id).runAt()).isEqualTo(T0.plusSeconds(30));

        clock.advance(Duration.ofSeconds(20));
        fixture.maintenance();
        LeasedTask third = claimOne("w");
        AckResult last = queue.ack(third.ack().message("timeout 3").retry());
        assertThat(last.outcome()).isEqualTo(Outcome.FAILED);
        TaskInfo dead = queue.task(id);
        assertThat(dead.state()).isEqualTo(TaskState.FINISHED);
        assertThat(dead.outcome()).isEqualTo(Outcome.FAILED);
        assertThat(dead.attempts()).isEqualTo(3);
        assertThat(dead.message()).isEqualTo("timeout 3");
    }

    @Test
    void retryWithAnExplicitDelay() {
        long id = enqueue("t").id();
        queue.ack(claimOne("w").ack().retry(Duration.ofMinutes(3)));
        assertThat(queue.task(id).runAt()).isEqualTo(T0.plus(Duration.ofMinutes(3)));
        queue.enqueue(NewTask.of("t", 2));
        LeasedTask now = claimOne("w");
        queue.ack(now.ack().retry(Duration.ZERO));
        assertThat(queue.task(now.id()).state()).isEqualTo(TaskState.READY);
    }

    @Test
    void releaseGivesTheTaskBackWithoutCountingTheAttempt() {
        long id = enqueue("t").id();
        LeasedTask t = claimOne("w");
        queue.ack(t.ack().release());
        TaskInfo back = queue.task(id);
        assertThat(back.state()).isEqualTo(TaskState.READY);
        assertThat(back.attempts()).isZero();
        assertThat(claimOne("w2").task().attempts()).isEqualTo(1);
    }

    @Test
    void aStaleAckChangesNothing() {
        long id = enqueue("t").id();
        LeasedTask t = claimOne("w");
        Ack stale = Ack.builder(t.id(), "stale-token").result(Map.of("x", 1)).succeed();
        assertThatThrownBy(() -> queue.ack(stale))
                .isInstanceOfSatisfying(
                        LeaseLostException.class, e -> assertThat(e.taskId()).isEqualTo(id));
        TaskInfo unchanged = queue.task(id);
        assertThat(unchanged.state()).isEqualTo(TaskState.LEASED);
        assertThat(unchanged.result()).isNull();
        List<AckResult> mixed = queue.ackAll(List.of(stale, Ack.succeed(t.lease())));
        assertThat(mixed).extracting(AckResult::accepted).containsExactly(false, true);
    }

    @Test
    void aBatchOfAcknowledgementsOfEveryKindSettlesEachAsItWouldAlone() {
        for (int i = 0; i < 7; i++) {
            enqueue("t");
        }
        List<LeasedTask> a = claim("w", 4);
        List<LeasedTask> b = claim("w", 3);
        clock.advance(Duration.ofSeconds(1));
        List<AckResult> results = queue.ackAll(List.of(
                Ack.succeed(a.get(0).lease()),
                a.get(1).ack().result(Map.of("n", 1)).message("done").succeed(),
                a.get(2).ack().message("bad input").fail(),
                a.get(3).ack().message("busy").retry(Duration.ofMinutes(1)),
                Ack.succeed(b.get(0).lease()),
                b.get(1).ack().release(),
                Ack.builder(b.get(2).id(), "stale-token").succeed()));
        assertThat(results).extracting(AckResult::accepted).containsExactly(true, true, true, true, true, true, false);

        TaskInfo plain = queue.task(a.get(0).id());
        assertThat(plain.outcome()).isEqualTo(Outcome.SUCCEEDED);
        assertThat(plain.result()).isNull();
        assertThat(plain.finishedAt()).isEqualTo(T0.plusSeconds(1));
        TaskInfo withResult = queue.task(a.get(1).id());
        assertThat(withResult.outcome()).isEqualTo(Outcome.SUCCEEDED);
        assertThat(withResult.result()).isEqualTo("{\"n\":1}");
        assertThat(withResult.message()).isEqualTo("done");
        TaskInfo failed = queue.task(a.get(2).id());
        assertThat(failed.outcome()).isEqualTo(Outcome.FAILED);
        assertThat(failed.message()).isEqualTo("bad input");
        TaskInfo retried = queue.task(a.get(3).id());
        assertThat(retried.state()).isEqualTo(TaskState.SCHEDULED);
        assertThat(retried.runAt()).isEqualTo(T0.plusSeconds(1).plus(Duration.ofMinutes(1)));
        assertThat(retried.message()).isEqualTo("busy");
        assertThat(retried.attempts()).isEqualTo(1);
        assertThat(queue.task(b.get(0).id()).outcome()).isEqualTo(Outcome.SUCCEEDED);
        TaskInfo released = queue.task(b.get(1).id());
        assertThat(released.state()).isEqualTo(TaskState.READY);
        assertThat(released.attempts()).isZero();
        TaskInfo stillHeld = queue.task(b.get(2).id());
        assertThat(stillHeld.state()).isEqualTo(TaskState.LEASED);
        assertThat(queue.ack(Ack.succeed(b.get(2).lease())).accepted()).isTrue();
    }

    @Test
    void ackWithBadInputIsRefused() {
        enqueue("t");
        LeasedTask t = claimOne("w");
        assertThatThrownBy(() -> queue.ack(t.ack().resultJson("{nope").succeed()))
                .isInstanceOfSatisfying(
                        InvalidRequestException.class,
                        e -> assertThat(e.field()).isEqualTo("result"));
        assertThatThrownBy(() -> queue.ack(Ack.builder(t.id(), "").succeed()))
                .isInstanceOfSatisfying(
                        InvalidRequestException.class,
                        e -> assertThat(e.field()).isEqualTo("token"));
        assertThat(queue.task(t.id()).state()).isEqualTo(TaskState.LEASED);
    }

    @Test
    void completeAndEnqueueIsOneTransaction() {
        long parent = enqueue("crawl").id();
        LeasedTask t = claimOne("w");
        AckResult r = queue.ack(t.ack()
                .enqueue(NewTask.of("fetch", Map.of("url", "a")))
                .enqueue(NewTask.of("fetch", Map.of("url", "b")))
                .succeed());
        assertThat(r.enqueued()).hasSize(2);
        assertThat(queue.task(r.enqueued().get(0)).payload()).isEqualTo("{\"url\":\"a\"}");
        assertThat(queue.task(parent).outcome()).isEqualTo(Outcome.SUCCEEDED);

        // A stale lease produces nothing.
        long before = totalTasks();
        assertThatThrownBy(() -> queue.ack(
                        t.ack().enqueue(NewTask.of("fetch", Map.of("url", "c"))).succeed()))
                .isInstanceOf(LeaseLostException.class);
        assertThat(totalTasks()).isEqualTo(before);

        // An invalid task to produce leaves the consumed task untouched.
        LeasedTask next = claimOne("w");
        assertThatThrownBy(() -> queue.ack(next.ack()
                        .enqueue(NewTask.builder("fetch").payloadJson("{bad").build())
                        .succeed()))
                .isInstanceOfSatisfying(
                        InvalidRequestException.class,
                        e -> assertThat(e.field()).isEqualTo("enqueue[0].payload"));
        assertThat(queue.task(next.id()).state()).isEqualTo(TaskState.LEASED);
    }

    // --- types ---------------------------------------------------------------------------------------------------

    @Test
    void taskTypeDefaultsApply() {
        queue.defineTaskType(new TaskType(
                "report",
                7,
                2,
                Duration.ofHours(1),
                Duration.ofSeconds(30),
                RetryBackoff.fixed(Duration.ofSeconds(1)),
                null));
        assertThat(queue.taskTypes()).extracting(TaskType::name).contains("report");
        long id = enqueue("report").id();
        TaskInfo t = queue.task(id);
        assertThat(t.priority()).isEqualTo(7);
        assertThat(t.maxAttempts()).isEqualTo(2);
        assertThat(t.deadline()).isEqualTo(T0.plus(Duration.ofHours(1)));
        assertThat(claimOne("w").lease().duration()).isEqualTo(Duration.ofSeconds(30));
        // Explicit values win over the type's.
        long explicit = queue.enqueue(
                        NewTask.builder("report").priority(1).maxAttempts(9).build())
                .id();
        assertThat(queue.task(explicit).priority()).isEqualTo(1);
        assertThat(queue.task(explicit).maxAttempts()).isEqualTo(9);
    }

    @Test
    void jobTypeTaskDefaultsComeAfterTheTaskType() {
        queue.defineTaskType(TaskType.named("mail").withPriority(3));
        queue.defineJobType(JobType.named("mailing")
                .withTaskDefaults(new TaskDefaults(9, 4, null, null, null))
                .withPriority(2)
                .withDefaultDuration(Duration.ofDays(5)));
        JobCreated job = queue.createJob(NewJob.builder("mailing")
                .task(NewTask.of("mail", 1))
                .task(NewTask.of("other", 2))
                .build());
        assertThat(job.job().priority()).isEqualTo(2);
        assertThat(job.job().deadline()).isEqualTo(T0.plus(Duration.ofDays(5)));
        TaskInfo mail = queue.task(job.taskIds().get(0));
        TaskInfo other = queue.task(job.taskIds().get(1));
        assertThat(mail.priority()).isEqualTo(3);
        assertThat(mail.maxAttempts()).isEqualTo(4);
        assertThat(other.priority()).isEqualTo(9);
        assertThat(queue.jobTypes()).extracting(JobType::name).containsExactly("mailing");
    }

    @Test
    void tasksAddedToAJobLaterTakeItsTypeDefaultsUntilItEnds() {
        queue.defineJobType(JobType.named("mailing").withTaskDefaults(new TaskDefaults(9, 4, null, null, null)));
        JobCreated job = queue.createJob(
                NewJob.builder("mailing").task(NewTask.of("mail", 1)).build());
        long jobId = job.job().id();
        // the second enqueue finds the job's type remembered on this node: the same defaults, and the job is still
        // checked in the insert's transaction
        for (int round = 0; round < 2; round++) {
            long added = queue.enqueue(
                            NewTask.builder("mail").payload(2).job(jobId).build())
                    .id();
            assertThat(queue.task(added).maxAttempts()).isEqualTo(4);
            assertThat(queue.task(added).priority()).isEqualTo(9);
        }
        queue.cancelJob(jobId, "done");
        assertThatThrownBy(() -> queue.enqueue(
                        NewTask.builder("mail").payload(3).job(jobId).build()))
                .isInstanceOf(ConflictException.class)
                .hasMessageContaining("job " + jobId + " has finished");
        assertThatThrownBy(() -> queue.enqueue(
                        NewTask.builder("mail").payload(3).job(jobId + 1000).build()))
                .isInstanceOfSatisfying(
                        InvalidRequestException.class,
                        e -> assertThat(e.field()).isEqualTo("jobId"));
    }

    @Test
    void invalidTypeDefinitionsAreRefused() {
        assertThatThrownBy(() -> queue.defineTaskType(TaskType.named("t").withMaxAttempts(0)))
                .isInstanceOf(InvalidRequestException.class);
        assertThatThrownBy(() -> JobType.named("j").withAlerts(null, List.of("ops")))
                .isInstanceOfSatisfying(
                        InvalidRequestException.class,
                        e -> assertThat(e.field()).isEqualTo("alertTaskType"));
    }

    // --- jobs ----------------------------------------------------------------------------------------------------

    @Test
    void aJobEndsWhenItsLastTaskEndsAndCountsOutcomes() {
        JobCreated created = queue.createJob(NewJob.builder("import")
                .title("enrolments.csv")
                .owner("teacher")
                .info(Map.of("file", "enrolments.csv"))
                .task(NewTask.of("enrol", 1))
                .task(NewTask.of("enrol", 2))
                .task(NewTask.of("mail", 3))
                .build());
        JobInfo job = created.job();
        assertThat(job.state()).isEqualTo(JobState.OPEN);
        assertThat(job.total()).isEqualTo(3);
        assertThat(job.pending()).isEqualTo(3);
        assertThat(job.owner()).isEqualTo("teacher");
        assertThat(queue.task(created.taskIds().get(0)).owner()).isEqualTo("teacher");
        assertThat(queue.task(created.taskIds().get(0)).jobId()).isEqualTo(job.id());

        List<LeasedTask> got = claim("w", 3);
        queue.ack(Ack.succeed(got.get(0).lease()));
        queue.ack(got.get(1).ack().message("bad student number").fail());
        JobInfo midway = queue.job(job.id());
        assertThat(midway.state()).isEqualTo(JobState.OPEN);
        assertThat(midway.succeeded()).isEqualTo(1);
        assertThat(midway.failed()).isEqualTo(1);
        assertThat(midway.pending()).isEqualTo(1);

        clock.advance(Duration.ofMinutes(1));
        queue.ack(Ack.succeed(got.get(2).lease()));
        JobInfo done = queue.job(job.id());
        assertThat(done.state()).isEqualTo(JobState.FINISHED);
        assertThat(done.outcome()).isEqualTo(Outcome.FAILED);
        assertThat(done.succeeded()).isEqualTo(2);
        assertThat(done.failed()).isEqualTo(1);
        assertThat(done.finishedAt()).isEqualTo(T0.plus(Duration.ofMinutes(1)));

        assertThat(count(TaskQuery.all().withJob(job.id()).withErrorsOnly(true)))
                .isEqualTo(1);
    }

    @Test
    void aJobOfOnlySuccessesSucceeds() {
        JobCreated created =
                queue.createJob(NewJob.builder("j").task(NewTask.of("t", 1)).build());
        queue.ack(Ack.succeed(claimOne("w").lease()));
        assertThat(queue.job(created.job().id()).outcome()).isEqualTo(Outcome.SUCCEEDED);
    }

    @Test
    void completionTaskAndAlertsAreEnqueuedWhenAJobEnds() {
        queue.defineJobType(JobType.named("import")
                .withCompletionTask("error-report")
                .withAlerts("notify", List.of("ops", "dean")));
        JobCreated created = queue.createJob(NewJob.builder("import")
                .owner("teacher")
                .task(NewTask.builder("enrol").queue("work").build())
                .build());
        LeasedTask t = queue.claim(ClaimRequest.of("work", "w", 1)).get(0);
        queue.ack(t.ack().message("bad line 3").fail());

        List<TaskInfo> report =
                queue.tasks(TaskQuery.all().withType("error-report")).items();
        assertThat(report).hasSize(1);
        assertThat(report.get(0).owner()).isEqualTo("teacher");
        JobEndNotice notice = report.get(0).payloadAs(JobEndNotice.class);
        assertThat(notice.event()).isEqualTo("job.finished");
        assertThat(notice.recipient()).isEqualTo("teacher");
        assertThat(notice.job().id()).isEqualTo(created.job().id());
        assertThat(notice.job().failed()).isEqualTo(1);
        assertThat(report.get(0).jobId()).isNull();

        List<TaskInfo> alerts = queue.tasks(TaskQuery.all().withType("notify")).items();
        assertThat(alerts).extracting(TaskInfo::owner).containsExactlyInAnyOrder("ops", "dean");
    }

    @Test
    void aHandlerKeepsItsCursorInTheJobInfoAcrossCycles() {
        JobCreated created = queue.createJob(NewJob.builder("file-import")
                .info(Map.of("file", "big.csv", "line", 0))
                .task(NewTask.of("read-chunk", 1))
                .build());
        long jobId = created.job().id();
        // Cycle 1: read lines 0..99, enqueue their work and the next chunk, save the cursor; all in one transaction.
        LeasedTask chunk1 = claimOne("reader");
        Map<?, ?> info = Json.read(queue.job(jobId).info(), Map.class);
        assertThat(info.get("line")).isEqualTo(0);
        queue.ack(chunk1.ack()
                .jobInfo(Map.of("file", "big.csv", "line", 100))
                .enqueue(NewTask.builder("enrol").job(jobId).payload(1).build())
                .enqueue(NewTask.builder("read-chunk").job(jobId).payload(2).build())
                .succeed());
        JobInfo afterCycle1 = queue.job(jobId);
        assertThat(Json.read(afterCycle1.info(), Map.class).get("line")).isEqualTo(100);
        assertThat(afterCycle1.state()).isEqualTo(JobState.OPEN);
        assertThat(afterCycle1.total()).isEqualTo(3);
        // Cycle 2 and the enrolment end the job.
        for (LeasedTask t : claim("w", 10)) {
            queue.ack(Ack.succeed(t.lease()));
        }
        JobInfo done = queue.job(jobId);
        assertThat(done.state()).isEqualTo(JobState.FINISHED);
        assertThat(done.succeeded()).isEqualTo(3);
        assertThat(queue.updateJobInfo(jobId, "{\"archived\":true}").info()).isEqualTo("{\"archived\":true}");
    }

    @Test
    void tasksCannotJoinAFinishedOrMissingJob() {
        JobCreated created =
                queue.createJob(NewJob.builder("j").task(NewTask.of("t", 1)).build());
        queue.ack(Ack.succeed(claimOne("w").lease()));
        assertThatThrownBy(() -> queue.enqueue(
                        NewTask.builder("t").job(created.job().id()).build()))
                .isInstanceOf(ConflictException.class);
        assertThatThrownBy(() -> queue.enqueue(NewTask.builder("t").job(123_456).build()))
                .isInstanceOf(InvalidRequestException.class)
                .hasMessage("jobId: no such job: 123456");
        assertThatThrownBy(() -> queue.job(123_456)).isInstanceOf(NotFoundException.class);
    }

    @Test
    void cancellingAJobCancelsItsUnfinishedTasks() {
        JobCreated created = queue.createJob(NewJob.builder("j")
                .task(NewTask.of("t", 1))
                .task(NewTask.of("t", 2))
                .task(NewTask.of("t", 3))
                .build());
        LeasedTask running = claimOne("w");
        queue.ack(Ack.succeed(running.lease()));
        LeasedTask held = claimOne("w");
        JobInfo cancelled = queue.cancelJob(created.job().id(), "no longer needed");
        assertThat(cancelled.state()).isEqualTo(JobState.FINISHED);
        assertThat(cancelled.outcome()).isEqualTo(Outcome.CANCELLED);
        assertThat(cancelled.succeeded()).isEqualTo(1);
        assertThat(cancelled.cancelled()).isEqualTo(2);
        assertThatThrownBy(() -> queue.ack(Ack.succeed(held.lease()))).isInstanceOf(LeaseLostException.class);
        assertThat(queue.task(held.id()).message()).isEqualTo("no longer needed");
    }

    // --- administration ------------------------------------------------------------------------------------------

    @Test
    void cancellingATaskEndsItAndItsHolderLosesTheLease() {
        long waiting = enqueue("t").id();
        long held = enqueue("t").id();
        LeasedTask holder = queue.claimTask(held, "w", null).orElseThrow();
        assertThat(queue.cancel(waiting, "duplicate").outcome()).isEqualTo(Outcome.CANCELLED);
        TaskInfo c = queue.cancel(held, "operator");
        assertThat(c.state()).isEqualTo(TaskState.FINISHED);
        assertThat(c.outcome()).isEqualTo(Outcome.CANCELLED);
        assertThatThrownBy(() -> queue.ack(Ack.succeed(holder.lease()))).isInstanceOf(LeaseLostException.class);
        assertThatThrownBy(() -> queue.cancel(held, "again")).isInstanceOf(ConflictException.class);
        assertThatThrownBy(() -> queue.cancel(424_242, "x")).isInstanceOf(NotFoundException.class);
    }

    @Test
    void aFailedTaskCanBeRetriedByHandAndItsJobReopens() {
        JobCreated created =
                queue.createJob(NewJob.builder("j").task(NewTask.of("t", 1)).build());
        LeasedTask t = claimOne("w");
        queue.ack(t.ack().message("broken").fail());
        assertThat(queue.job(created.job().id()).state()).isEqualTo(JobState.FINISHED);

        TaskInfo again = queue.retry(t.id());
        assertThat(again.state()).isEqualTo(TaskState.READY);
        assertThat(again.attempts()).isZero();
        assertThat(again.outcome()).isNull();
        JobInfo reopened = queue.job(created.job().id());
        assertThat(reopened.state()).isEqualTo(JobState.OPEN);
        assertThat(reopened.failed()).isZero();
        assertThat(reopened.pending()).isEqualTo(1);

        queue.ack(Ack.succeed(claimOne("w").lease()));
        JobInfo done = queue.job(created.job().id());
        assertThat(done.outcome()).isEqualTo(Outcome.SUCCEEDED);
        assertThat(done.succeeded()).isEqualTo(1);

        assertThatThrownBy(() -> queue.retry(t.id())).isInstanceOf(ConflictException.class);
    }

    @Test
    void browseFiltersSortsAndPages() {
        for (int i = 0; i < 25; i++) {
            queue.enqueue(NewTask.builder(i % 2 == 0 ? "even" : "odd")
                    .owner(i < 10 ? "alice" : "bob")
                    .priority(i % 5)
                    .payload(i)
                    .build());
        }
        List<LeasedTask> leased = claim("w", 3);
        queue.ack(leased.get(0).ack().message("boom").fail());
        queue.ack(leased.get(1).ack().message("flaky").retry());

        assertThat(count(TaskQuery.all())).isEqualTo(25);
        assertThat(count(TaskQuery.all().withType("even"))).isEqualTo(13);
        assertThat(count(TaskQuery.all().withOwner("alice"))).isEqualTo(10);
        assertThat(count(TaskQuery.all().withState(TaskState.LEASED))).isEqualTo(1);
        assertThat(count(TaskQuery.all().withLeaseOwner("w").withState(TaskState.LEASED)))
                .isEqualTo(1);
        assertThat(count(TaskQuery.all().withOutcome(Outcome.FAILED))).isEqualTo(1);
        assertThat(count(TaskQuery.all().withErrorsOnly(true))).isEqualTo(2);
        assertThat(count(TaskQuery.all().withQueue("nope"))).isZero();

        // Pages of 4, sorted by priority descending, cover everything once in order.
        List<TaskInfo> all = new ArrayList<>();
        String cursor = null;
        int pages = 0;
        do {
            Page<TaskInfo> page = queue.tasks(TaskQuery.all()
                    .sortedBy(TaskQuery.Sort.PRIORITY, true)
                    .withLimit(4)
                    .withCursor(cursor));
            assertThat(page.items().size()).isLessThanOrEqualTo(4);
            all.addAll(page.items());
            cursor = page.nextCursor();
            pages++;
        } while (cursor != null);
        assertThat(pages).isEqualTo(7);
        assertThat(all).hasSize(25);
        assertThat(all.stream().map(TaskInfo::id).distinct().count()).isEqualTo(25);
        for (int i = 1; i < all.size(); i++) {
            TaskInfo a = all.get(i - 1);
            TaskInfo b = all.get(i);
            assertThat(a.priority() > b.priority() || (a.priority() == b.priority() && a.id() > b.id()))
                    .as("order at %d", i)
                    .isTrue();
        }
        assertThatThrownBy(() -> queue.tasks(TaskQuery.all().withCursor("garbage!")))
                .isInstanceOfSatisfying(
                        InvalidRequestException.class,
                        e -> assertThat(e.field()).isEqualTo("cursor"));
    }

    @Test
    void aCursorPagesOnlyTheListingThatIssuedIt() {
        for (String owner : List.of("ann", "ann", "ann", "ben", "ben", "ben")) {
            queue.enqueue(NewTask.builder("t").owner(owner).build());
        }
        TaskQuery anns = TaskQuery.all().withOwner("ann").withLimit(1);
        String cursor = queue.tasks(anns).nextCursor();
        assertThat(queue.tasks(anns.withCursor(cursor)).items()).hasSize(1);

        String refusal =
                "cursor: is not a cursor of this listing: pass the nextCursor of the previous page, same filters";
        for (TaskQuery other : List.of(
                TaskQuery.all().withOwner("ben").withLimit(1).withCursor(cursor),
                TaskQuery.all().withLimit(1).withCursor(cursor),
                anns.withCursor("0:1:0123456789abcdef"),
                anns.withCursor("not a cursor"))) {
            assertThatThrownBy(() -> queue.tasks(other))
                    .as(other.toString())
                    .isInstanceOf(InvalidRequestException.class)
                    .hasMessage(refusal);
        }
    }

    @Test
    void retentionPrunesFinishedTasksAndJobs() {
        JobCreated job =
                queue.createJob(NewJob.builder("j").task(NewTask.of("t", 1)).build());
        long open = queue.enqueue(NewTask.builder("t").queue("idle").build()).id();
        queue.ack(Ack.succeed(claimOne("w").lease()));
        long finished = job.taskIds().get(0);

        clock.advance(Duration.ofDays(6));
        fixture.maintenance();
        assertThat(queue.task(finished).outcome()).isEqualTo(Outcome.SUCCEEDED);

        clock.advance(Duration.ofDays(1).plusSeconds(1));
        fixture.maintenance();
        assertThatThrownBy(() -> queue.task(finished)).isInstanceOf(NotFoundException.class);
        assertThatThrownBy(() -> queue.job(job.job().id())).isInstanceOf(NotFoundException.class);
        assertThat(queue.task(open).state()).isEqualTo(TaskState.READY);
    }

    @Test
    void statusShowsDepthsAndOpenJobs() {
        queue.enqueue(NewTask.builder("t").queue("mail").build());
        queue.enqueue(
                NewTask.builder("t").queue("mail").delay(Duration.ofHours(1)).build());
        queue.createJob(
                NewJob.builder("j").title("weekly").task(NewTask.of("t", 1)).build());
        LeasedTask t = claimOne("w");
        queue.ack(Ack.succeed(t.lease()));
        queue.createJob(
                NewJob.builder("j").title("daily").task(NewTask.of("t", 1)).build());

        StatusReport status = queue.monitoring().status();
        StatusReport.QueueDepth mail = status.queues().stream()
                .filter(q -> q.queue().equals("mail"))
                .findFirst()
                .orElseThrow();
        assertThat(mail.ready()).isEqualTo(1);
        assertThat(mail.scheduled()).isEqualTo(1);
        StatusReport.QueueDepth def = status.queues().stream()
                .filter(q -> q.queue().equals("default"))
                .findFirst()
                .orElseThrow();
        assertThat(def.succeeded()).isEqualTo(1);
        assertThat(def.ready()).isEqualTo(1);
        assertThat(status.openJobs()).extracting(JobInfo::title).containsExactly("daily");
    }
}
