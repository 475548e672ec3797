package dev.tide.core.store.postgresql;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tide.api.Ack;
import dev.tide.api.AckResult;
import dev.tide.api.ClaimRequest;
import dev.tide.api.ConflictException;
import dev.tide.api.EnqueueResult;
import dev.tide.api.JobCreated;
import dev.tide.api.JobInfo;
import dev.tide.api.JobState;
import dev.tide.api.JobType;
import dev.tide.api.Lease;
import dev.tide.api.LeaseLostException;
import dev.tide.api.LeasedTask;
import dev.tide.api.NewJob;
import dev.tide.api.NewTask;
import dev.tide.api.Outcome;
import dev.tide.api.RetryBackoff;
import dev.tide.api.TaskInfo;
import dev.tide.api.TaskQuery;
import dev.tide.api.TaskState;
import dev.tide.api.TaskType;
import dev.tide.api.worker.WorkerPool;
import dev.tide.core.Tide;
import dev.tide.core.TideConfig;
import dev.tide.core.TideInternals;
import dev.tide.core.testing.PostgresSchema;
import dev.tide.core.time.ManualClock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** The engine's life cycle on PostgreSQL on a settable clock, including the paths that take PostgreSQL's bulk statements. */
class PostgresEngineTest {
    private static final Instant T0 = Instant.parse("2030-01-07T09:00:00Z");

    @RegisterExtension
    static final PostgresSchema db = PostgresSchema.perClass("pg_engine");

    private ManualClock clock;
    private Tide tide;

    @BeforeEach
    void open() {
        clock = new ManualClock(T0);
        tide = Tide.builder()
                .postgres(db.url())
                .clock(clock)
                .config(TideConfig.defaults().withMaintenanceInterval(null))
                .build();
    }

    @AfterEach
    void close() {
        tide.close();
    }

    @Test
    void enqueueClaimAck() {
        long id = tide.enqueue(NewTask.of("email", Map.of("to", "a@b"))).id();
        List<LeasedTask> got = tide.claim(ClaimRequest.of("default", "w1", 10));
        assertThat(got).hasSize(1);
        assertThat(got.get(0).task().payload()).isEqualTo("{\"to\":\"a@b\"}");
        assertThat(got.get(0).task().attempts()).isEqualTo(1);
        assertThat(got.get(0).lease().expiresAt()).isEqualTo(T0.plus(Duration.ofMinutes(5)));
        tide.ack(Ack.succeed(got.get(0).lease()));
        TaskInfo done = tide.task(id);
        assertThat(done.state()).isEqualTo(TaskState.FINISHED);
        assertThat(done.outcome()).isEqualTo(Outcome.SUCCEEDED);
        assertThat(done.finishedAt()).isEqualTo(T0);
    }

    @Test
    void storeDescribesItselfWithoutCredentials() throws Exception {
        var info = TideInternals.store(tide).info();
        assertThat(info.dialect()).isEqualTo("postgresql");
        assertThat(info.multiNode()).isTrue();
        assertThat(info.location()).contains("currentSchema=" + db.schema()).doesNotContain("user=");
        assertThat(tide.config().nodeName())
                .as("unique among running engines: host and process id, and a number after the process's first")
                .startsWith(java.net.InetAddress.getLocalHost().getHostName() + "-"
                        + ProcessHandle.current().pid());
    }

    @Test
    @SuppressWarnings("try") // the pools work while they are open
    void anEngineStartingBesideAnotherWithDefaultNamesLeavesItsLeasesAlone() throws Exception {
        // a worker pool hands back, as it starts, the leases held under its name: two engines with the same default
        // name (as two processes on one host had, the host name) would hand back each other's running tasks
        tide.enqueue(NewTask.of("email", 1));
        CountDownLatch running = new CountDownLatch(1);
        CountDownLatch finish = new CountDownLatch(1);
        List<Long> ran = new CopyOnWriteArrayList<>();
        try (Tide other = Tide.builder()
                        .postgres(db.url())
                        .clock(clock)
                        .config(TideConfig.defaults().withMaintenanceInterval(null))
                        .build();
                WorkerPool first = tide.workerPool()
                        .pollWait(Duration.ofMillis(20))
                        .handler("email", ctx -> {
                            ran.add(ctx.task().id());
                            running.countDown();
                            finish.await();
                        })
                        .start()) {
            assertThat(other.config().nodeName()).isNotEqualTo(tide.config().nodeName());
            assertThat(running.await(30, TimeUnit.SECONDS)).isTrue();
            try (WorkerPool second = other.workerPool()
                    .pollWait(Duration.ofMillis(20))
                    .handler("email", ctx -> ran.add(ctx.task().id()))
                    .start()) {
                assertThat(tide.tasks(TaskQuery.all()).items())
                        .extracting(TaskInfo::state)
                        .as("still leased by the first engine's pool")
                        .containsExactly(TaskState.LEASED);
                finish.countDown();
                await(() -> tide.tasks(TaskQuery.all()).items().get(0).state() == TaskState.FINISHED);
            }
        }
        assertThat(ran).as("run once, by the first pool").hasSize(1);
        assertThat(tide.tasks(TaskQuery.all()).items().get(0).outcome()).isEqualTo(Outcome.SUCCEEDED);
    }

    private static void await(java.util.function.BooleanSupplier condition) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (!condition.getAsBoolean()) {
            assertThat(System.nanoTime()).as("in time").isLessThan(deadline);
            Thread.sleep(20);
        }
    }

    @Test
    void idempotencyKeyReturnsTheFirstTaskAndRefusesADifferentPayload() {
        NewTask first = NewTask.builder("email")
                .payload(Map.of("n", 1))
                .idempotencyKey("k1")
                .build();
        EnqueueResult a = tide.enqueue(first);
        EnqueueResult b = tide.enqueue(first);
        assertThat(a.created()).isTrue();
        assertThat(b.created()).isFalse();
        assertThat(b.id()).isEqualTo(a.id());

        NewTask differentPayload = NewTask.builder("email")
                .payload(Map.of("n", 2))
                .idempotencyKey("k1")
                .build();
        assertThatThrownBy(() -> tide.enqueue(differentPayload)).isInstanceOf(ConflictException.class);

        // Another owner has keys of its own.
        NewTask otherOwner = NewTask.builder("email")
                .payload(Map.of("n", 1))
                .owner("ada")
                .idempotencyKey("k1")
                .build();
        assertThat(tide.enqueue(otherOwner).created()).isTrue();
    }

    @Test
    void aBatchInsertsInOrderAndMatchesRepeatedKeysWithinIt() {
        NewTask keyed = NewTask.builder("t").payload(1).idempotencyKey("dup").build();
        List<NewTask> batch = new ArrayList<>();
        batch.add(NewTask.of("t", 0));
        batch.add(keyed);
        batch.add(NewTask.builder("t").payload(2).delay(Duration.ofMinutes(1)).build());
        batch.add(keyed);
        batch.add(NewTask.of("t", 4));
        List<EnqueueResult> results = tide.enqueueAll(batch);

        assertThat(results).extracting(EnqueueResult::created).containsExactly(true, true, true, false, true);
        assertThat(results.get(3).id()).isEqualTo(results.get(1).id());
        List<Long> created = List.of(
                results.get(0).id(),
                results.get(1).id(),
                results.get(2).id(),
                results.get(4).id());
        assertThat(created).isSorted().doesNotHaveDuplicates();
        assertThat(tide.task(results.get(2).id()).state()).isEqualTo(TaskState.SCHEDULED);
        assertThat(tide.task(results.get(4).id()).payload()).isEqualTo("4");
        assertThat(TideInternals.store(tide).reads().taskCount("default", TaskState.READY))
                .hasValue(3);
    }

    @Test
    void claimsByPriorityThenFirstComeFirstServed() {
        List<Long> ids = new ArrayList<>();
        for (int p : new int[] {0, 5, 0, 9, 5}) {
            ids.add(tide.enqueue(NewTask.builder("t").priority(p).build()).id());
        }
        List<LeasedTask> got = tide.claim(ClaimRequest.of("default", "w", 10));
        assertThat(got)
                .extracting(LeasedTask::id)
                .containsExactly(ids.get(3), ids.get(1), ids.get(4), ids.get(0), ids.get(2));
        assertThat(tide.claim(ClaimRequest.of("default", "w", 10))).isEmpty();
    }

    @Test
    void claimFiltersByTypeAndQueue() {
        tide.enqueue(NewTask.builder("a").queue("q1").build());
        long b = tide.enqueue(NewTask.builder("b").queue("q1").build()).id();
        tide.enqueue(NewTask.builder("b").queue("q2").build());
        List<LeasedTask> got = tide.claim(ClaimRequest.of("q1", "w", 10).withTypes(java.util.Set.of("b", "c")));
        assertThat(got).extracting(LeasedTask::id).containsExactly(b);
    }

    @Test
    void retryBacksOffThenFailsForGoodAfterTheLastAttempt() {
        tide.defineTaskType(
                TaskType.named("flaky").withMaxAttempts(2).withBackoff(RetryBackoff.fixed(Duration.ofSeconds(30))));
        long id = tide.enqueue(NewTask.of("flaky", null)).id();

        LeasedTask first = tide.claim(ClaimRequest.of("default", "w", 1)).get(0);
        AckResult retried = tide.ack(first.ack().message("boom 1").retry());
        assertThat(retried.state()).isEqualTo(TaskState.SCHEDULED);
        TaskInfo waiting = tide.task(id);
        assertThat(waiting.runAt()).isEqualTo(T0.plusSeconds(30));
        assertThat(waiting.message()).isEqualTo("boom 1");

        clock.advance(Duration.ofSeconds(29));
        tide.passes().runMaintenance();
        assertThat(tide.claim(ClaimRequest.of("default", "w", 1))).isEmpty();
        clock.advance(Duration.ofSeconds(1));
        assertThat(tide.passes().runMaintenance()).isTrue();

        LeasedTask second = tide.claim(ClaimRequest.of("default", "w", 1)).get(0);
        assertThat(second.task().attempts()).isEqualTo(2);
        tide.ack(second.ack().message("boom 2").retry());
        TaskInfo dead = tide.task(id);
        assertThat(dead.state()).isEqualTo(TaskState.FINISHED);
        assertThat(dead.outcome()).isEqualTo(Outcome.FAILED);
        assertThat(dead.message()).isEqualTo("boom 2");

        TaskInfo again = tide.retry(id);
        assertThat(again.state()).isEqualTo(TaskState.READY);
        assertThat(again.attempts()).isZero();
    }

    @Test
    void anExpiredLeaseIsReclaimedAndItsOldTokenIsRefused() {
        long id = tide.enqueue(NewTask.of("t", null)).id();
        LeasedTask held = tide.claim(ClaimRequest.of("default", "w1", 1).withLease(Duration.ofSeconds(10)))
                .get(0);
        assertThat(held.lease().expiresAt()).isEqualTo(T0.plusSeconds(10));

        clock.advance(Duration.ofSeconds(10));
        tide.passes().runMaintenance();
        TaskInfo reclaimed = tide.task(id);
        assertThat(reclaimed.state()).isEqualTo(TaskState.READY);
        assertThat(reclaimed.message()).startsWith("lease expired");

        assertThatThrownBy(() -> tide.ack(Ack.succeed(held.lease()))).isInstanceOf(LeaseLostException.class);
        assertThatThrownBy(() -> tide.heartbeat(held.lease(), null)).isInstanceOf(LeaseLostException.class);
        LeasedTask again = tide.claim(ClaimRequest.of("default", "w2", 1)).get(0);
        assertThat(again.task().attempts()).isEqualTo(2);
    }

    @Test
    void heartbeatsExtendOnlyTheLeasesStillHeld() {
        IntStream.range(0, 5).forEach(i -> tide.enqueue(NewTask.of("t", i)));
        List<LeasedTask> got = tide.claim(ClaimRequest.of("default", "w", 5).withLease(Duration.ofSeconds(10)));
        tide.ack(Ack.succeed(got.get(2).lease()));
        clock.advance(Duration.ofSeconds(5));

        List<Lease> asked = got.stream().map(LeasedTask::lease).toList();
        List<Lease> held = tide.heartbeat(asked, Duration.ofSeconds(60));

        assertThat(held)
                .extracting(Lease::taskId)
                .containsExactly(
                        got.get(0).id(),
                        got.get(1).id(),
                        got.get(3).id(),
                        got.get(4).id());
        assertThat(held).allSatisfy(l -> {
            assertThat(l.expiresAt()).isEqualTo(T0.plusSeconds(65));
            assertThat(l.duration()).isEqualTo(Duration.ofSeconds(60));
        });
        // Without an extension a lease gets the length its claim asked for, not the task's own (5 min here).
        Lease own = tide.heartbeat(got.get(0).lease(), null);
        assertThat(own.duration()).isEqualTo(Duration.ofSeconds(10));
        assertThat(own.expiresAt()).isEqualTo(T0.plusSeconds(15));
    }

    @Test
    void aBatchOfAcksSettlesEachOnItsOwn() {
        tide.defineTaskType(TaskType.named("t").withBackoff(RetryBackoff.fixed(Duration.ofSeconds(7))));
        IntStream.range(0, 6).forEach(i -> tide.enqueue(NewTask.of("t", i)));
        List<LeasedTask> got = tide.claim(ClaimRequest.of("default", "w", 6));
        Lease stale = new Lease(got.get(5).id(), "w", "not-the-token", null, null);
        List<Ack> acks = List.of(
                Ack.builder(got.get(3).lease()).result(Map.of("ok", true)).succeed(),
                Ack.builder(got.get(0).lease()).message("bad input").fail(),
                Ack.builder(got.get(1).lease()).message("try later").retry(),
                Ack.builder(got.get(2).lease()).release(),
                Ack.builder(got.get(4).lease()).retry(Duration.ZERO),
                Ack.succeed(stale));

        List<AckResult> results = tide.ackAll(acks);

        assertThat(results).extracting(AckResult::accepted).containsExactly(true, true, true, true, true, false);
        TaskInfo succeeded = tide.task(got.get(3).id());
        assertThat(succeeded.outcome()).isEqualTo(Outcome.SUCCEEDED);
        assertThat(succeeded.result()).isEqualTo("{\"ok\":true}");
        TaskInfo failed = tide.task(got.get(0).id());
        assertThat(failed.outcome()).isEqualTo(Outcome.FAILED);
        assertThat(failed.message()).isEqualTo("bad input");
        TaskInfo retried = tide.task(got.get(1).id());
        assertThat(retried.state()).isEqualTo(TaskState.SCHEDULED);
        assertThat(retried.runAt()).isEqualTo(T0.plusSeconds(7));
        assertThat(retried.result()).isNull();
        TaskInfo released = tide.task(got.get(2).id());
        assertThat(released.state()).isEqualTo(TaskState.READY);
        assertThat(released.attempts()).isZero();
        assertThat(tide.task(got.get(4).id()).state()).isEqualTo(TaskState.READY);
        assertThat(tide.task(got.get(5).id()).state()).isEqualTo(TaskState.LEASED);
    }

    @Test
    void aTaskAckedTwiceInOneBatchIsSettledOnce() {
        tide.enqueue(NewTask.of("t", null));
        tide.enqueue(NewTask.of("t", null));
        List<LeasedTask> got = tide.claim(ClaimRequest.of("default", "w", 2));
        List<AckResult> results = tide.ackAll(List.of(
                Ack.succeed(got.get(0).lease()),
                Ack.builder(got.get(0).lease()).fail(),
                Ack.succeed(got.get(1).lease())));
        assertThat(results).extracting(AckResult::accepted).containsExactly(true, false, true);
        assertThat(tide.task(got.get(0).id()).outcome()).isEqualTo(Outcome.SUCCEEDED);
    }

    @Test
    void aJobCountsItsTasksEndsWithTheLastAndNotifiesItsOwner() {
        tide.defineJobType(JobType.named("import").withCompletionTask("import-report"));
        List<JobInfo> ended = new CopyOnWriteArrayList<>();
        tide.onJobFinished(ended::add);
        JobCreated job = tide.createJob(NewJob.builder("import")
                .owner("ada")
                .task(NewTask.of("line", 1))
                .task(NewTask.of("line", 2))
                .task(NewTask.of("line", 3))
                .build());
        assertThat(job.job().total()).isEqualTo(3);

        List<LeasedTask> got = tide.claim(ClaimRequest.of("default", "w", 10).withTypes(java.util.Set.of("line")));
        assertThat(got).hasSize(3);
        tide.ackAll(
                List.of(Ack.succeed(got.get(0).lease()), Ack.succeed(got.get(1).lease())));
        JobInfo open = tide.job(job.job().id());
        assertThat(open.state()).isEqualTo(JobState.OPEN);
        assertThat(open.succeeded()).isEqualTo(2);
        assertThat(ended).isEmpty();

        tide.ack(got.get(2).ack().message("line 3 is malformed").fail());
        JobInfo done = tide.job(job.job().id());
        assertThat(done.state()).isEqualTo(JobState.FINISHED);
        assertThat(done.outcome()).isEqualTo(Outcome.FAILED);
        assertThat(done.failed()).isEqualTo(1);
        assertThat(ended).extracting(JobInfo::id).containsExactly(job.job().id());

        List<LeasedTask> report =
                tide.claim(ClaimRequest.of("default", "w", 10).withTypes(java.util.Set.of("import-report")));
        assertThat(report).hasSize(1);
        assertThat(report.get(0).task().owner()).isEqualTo("ada");
        assertThat(report.get(0).task().payload()).contains("\"failed\":1");
    }

    @Test
    void cancellingAJobCancelsItsOpenTasks() {
        JobCreated job = tide.createJob(NewJob.builder("batch")
                .task(NewTask.of("t", 1))
                .task(NewTask.of("t", 2))
                .build());
        LeasedTask held = tide.claim(ClaimRequest.of("default", "w", 1)).get(0);
        JobInfo cancelled = tide.cancelJob(job.job().id(), "no longer needed");
        assertThat(cancelled.state()).isEqualTo(JobState.FINISHED);
        assertThat(cancelled.outcome()).isEqualTo(Outcome.CANCELLED);
        assertThat(cancelled.cancelled()).isEqualTo(2);
        assertThatThrownBy(() -> tide.ack(Ack.succeed(held.lease()))).isInstanceOf(LeaseLostException.class);
    }

    @Test
    void browsesByPagesAndReportsStatus() {
        IntStream.range(0, 7)
                .forEach(i -> tide.enqueue(NewTask.builder("t").queue("q").build()));
        tide.claim(ClaimRequest.of("q", "w", 2));
        var first = tide.tasks(TaskQuery.all().withQueue("q").withLimit(4));
        assertThat(first.items()).hasSize(4);
        var second = tide.tasks(TaskQuery.all().withQueue("q").withLimit(4).withCursor(first.nextCursor()));
        assertThat(second.items()).hasSize(3);
        assertThat(second.nextCursor()).isNull();
        assertThat(tide.tasks(TaskQuery.all().withLeaseOwner("w")).items()).hasSize(2);

        var depth = tide.monitoring().status().queues().stream()
                .filter(d -> d.queue().equals("q"))
                .findFirst()
                .orElseThrow();
        assertThat(depth.ready()).isEqualTo(5);
        assertThat(depth.leased()).isEqualTo(2);
    }

    @Test
    void aRestartedWorkerResumesOrReleasesItsLeases() {
        IntStream.range(0, 3).forEach(i -> tide.enqueue(NewTask.of("t", i)));
        List<LeasedTask> got = tide.claim(ClaimRequest.of("default", "node-a/w1", 3));
        assertThat(tide.leases("node-a/w1")).hasSize(3);
        List<LeasedTask> resumed = tide.resumeLeases("node-a/w1", Duration.ofSeconds(30));
        assertThat(resumed)
                .hasSize(3)
                .allSatisfy(l -> assertThat(l.task().attempts()).isEqualTo(1));
        assertThatThrownBy(() -> tide.ack(Ack.succeed(got.get(0).lease()))).isInstanceOf(LeaseLostException.class);
        assertThat(tide.releaseLeases("node-a/w1")).isEqualTo(3);
        assertThat(TideInternals.store(tide).reads().taskCount("default", TaskState.READY))
                .hasValue(3);
    }
}
