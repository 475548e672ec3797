package dev.tide.core.contract;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tide.api.NewJob;
import dev.tide.api.NewTask;
import dev.tide.api.Outcome;
import dev.tide.api.RetryBackoff;
import dev.tide.api.TaskInfo;
import dev.tide.api.TaskQuery;
import dev.tide.api.TaskQueue;
import dev.tide.api.TaskState;
import dev.tide.api.TaskType;
import dev.tide.api.worker.TaskFailure;
import dev.tide.api.worker.WorkerPool;
import dev.tide.core.TideConfig;
import dev.tide.core.testing.Ledger;
import dev.tide.core.testing.TempFolders;
import java.nio.file.Path;
import java.time.Duration;
import java.time.InstantSource;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Worker pools against a queue on the real clock: exactly-once processing when nothing crashes, poison tasks, graceful
 * shutdown, heartbeats. Outcomes are counted from an independent {@link Ledger}.
 */
public abstract class WorkerContract {
    protected QueueFixture fixture;
    protected TaskQueue queue;
    protected Ledger ledger;
    private Path ledgerFolder;
    private final List<WorkerPool> pools = new ArrayList<>();

    protected abstract FixtureFactory factory();

    /** How many tasks the exactly-once test pushes through. */
    protected int volume() {
        return 10_000;
    }

    @BeforeEach
    void open() {
        TideConfig config = TideConfig.defaults().withMaintenanceInterval(Duration.ofMillis(100));
        fixture = factory().open(InstantSource.system(), config);
        queue = fixture.queue();
        ledgerFolder = TempFolders.create("tide-ledger-");
        ledger = Ledger.open(Ledger.sqliteUrl(ledgerFolder.resolve("ledger.db")));
    }

    @AfterEach
    void close() {
        pools.forEach(p -> p.shutdown(Duration.ofSeconds(5)));
        fixture.close();
        ledger.close();
        TempFolders.delete(ledgerFolder);
    }

    protected WorkerPool.Builder pool(String name) {
        return WorkerPool.builder(queue).workerName(name).pollWait(Duration.ofMillis(500));
    }

    protected WorkerPool start(WorkerPool.Builder builder) {
        WorkerPool pool = builder.start();
        pools.add(pool);
        return pool;
    }

    protected static void await(String what, Duration timeout, BooleanSupplier condition) {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("timed out waiting for " + what);
            }
            try {
                Thread.sleep(20);
            } catch (InterruptedException e) {
                throw new AssertionError(e);
            }
        }
    }

    private long countIn(TaskQuery query) {
        long n = 0;
        String cursor = null;
        do {
            var page = queue.tasks(query.withLimit(TaskQuery.MAX_LIMIT).withCursor(cursor));
            n += page.items().size();
            cursor = page.nextCursor();
        } while (cursor != null);
        return n;
    }

    @Test
    void manyWorkersCompleteEveryTaskExactlyOnce() {
        int n = volume();
        List<NewTask> batch = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            batch.add(NewTask.of("work", Map.of("i", i)));
            if (batch.size() == 1000) {
                queue.enqueueAll(batch);
                batch.clear();
            }
        }
        Map<Long, String> holders = new ConcurrentHashMap<>();
        AtomicInteger twoHolders = new AtomicInteger();
        for (int w = 0; w < 4; w++) {
            String name = "pool-" + w;
            start(pool(name).concurrency(8).claimBatch(50).handler("work", ctx -> {
                if (holders.putIfAbsent(ctx.task().id(), name) != null) {
                    twoHolders.incrementAndGet();
                }
                ledger.record(ctx.task().id(), ctx.lease().token(), name);
                holders.remove(ctx.task().id(), name);
            }));
        }
        await("all tasks in the ledger", Duration.ofMinutes(3), () -> ledger.executions() >= n);
        await(
                "all tasks succeeded",
                Duration.ofSeconds(30),
                () -> countIn(TaskQuery.all().withOutcome(Outcome.SUCCEEDED)) == n);
        assertThat(twoHolders).hasValue(0);
        assertThat(ledger.reExecuted()).isEmpty();
        assertThat(ledger.executions()).isEqualTo(n);
        assertThat(ledger.distinctTasks()).isEqualTo(n);
        assertThat(ledger.byWorker())
                .hasSize(4)
                .allSatisfy((worker, count) ->
                        assertThat(count).as("share of %s", worker).isGreaterThan(n / 20));
    }

    @Test
    void aPoisonTaskFailsAfterMaxAttemptsWhileOthersKeepFlowing() {
        queue.defineTaskType(
                TaskType.named("poison").withMaxAttempts(3).withBackoff(RetryBackoff.fixed(Duration.ofMillis(20))));
        long poison = queue.enqueue(NewTask.of("poison", 0)).id();
        List<NewTask> good = new ArrayList<>();
        for (int i = 0; i < 200; i++) {
            good.add(NewTask.of("good", i));
        }
        queue.enqueueAll(good);
        start(pool("w")
                .concurrency(4)
                .handler("poison", ctx -> {
                    throw new IllegalStateException(
                            "cannot parse attempt " + ctx.task().attempts());
                })
                .handler(
                        "good",
                        ctx -> ledger.record(ctx.task().id(), ctx.lease().token(), "w")));
        await(
                "poison task dead",
                Duration.ofSeconds(30),
                () -> queue.task(poison).state() == TaskState.FINISHED);
        await("good tasks done", Duration.ofSeconds(30), () -> ledger.executions() == 200);
        TaskInfo dead = queue.task(poison);
        assertThat(dead.outcome()).isEqualTo(Outcome.FAILED);
        assertThat(dead.attempts()).isEqualTo(3);
        assertThat(dead.message()).isEqualTo("IllegalStateException: cannot parse attempt 3");
        assertThat(ledger.reExecuted()).isEmpty();
    }

    @Test
    void aTaskFailureEndsTheTaskAtOnce() {
        long id = queue.enqueue(NewTask.of("check", 1)).id();
        start(pool("w").handler("check", ctx -> {
            throw new TaskFailure("student 42 does not exist");
        }));
        await("failed", Duration.ofSeconds(20), () -> queue.task(id).state() == TaskState.FINISHED);
        assertThat(queue.task(id).outcome()).isEqualTo(Outcome.FAILED);
        assertThat(queue.task(id).attempts()).isEqualTo(1);
        assertThat(queue.task(id).message()).contains("student 42 does not exist");
    }

    @Test
    void handlersProduceResultsJobInfoAndFollowUpsAtomically() {
        long job = queue.createJob(NewJob.builder("import")
                        .info(Map.of("line", 0))
                        .task(NewTask.of("read", 1))
                        .build())
                .job()
                .id();
        start(pool("w")
                .handler("read", ctx -> {
                    assertThat(ctx.job().info()).isEqualTo("{\"line\":0}");
                    ctx.setJobInfo(Map.of("line", 50));
                    ctx.enqueue(NewTask.builder("enrol").job(job).payload(7).build());
                    ctx.result(Map.of("read", 50));
                })
                .handler(
                        "enrol",
                        ctx -> ledger.record(ctx.task().id(), ctx.lease().token(), "w")));
        await("job finished", Duration.ofSeconds(20), () -> queue.job(job).state() == dev.tide.api.JobState.FINISHED);
        assertThat(queue.job(job).info()).isEqualTo("{\"line\":50}");
        assertThat(queue.job(job).succeeded()).isEqualTo(2);
        assertThat(ledger.executions()).isEqualTo(1);
        TaskInfo read = queue.tasks(TaskQuery.all().withType("read")).items().get(0);
        assertThat(read.result()).isEqualTo("{\"read\":50}");
    }

    @Test
    void gracefulShutdownLetsRunningTasksFinish() throws Exception {
        CountDownLatch started = new CountDownLatch(3);
        for (int i = 0; i < 3; i++) {
            queue.enqueue(NewTask.of("slow", i));
        }
        WorkerPool pool = start(pool("w").concurrency(3).handler("slow", ctx -> {
            started.countDown();
            Thread.sleep(400);
            ledger.record(ctx.task().id(), ctx.lease().token(), "w");
        }));
        assertThat(started.await(10, TimeUnit.SECONDS)).isTrue();
        pool.shutdown(Duration.ofSeconds(10));
        assertThat(ledger.executions()).isEqualTo(3);
        assertThat(countIn(TaskQuery.all().withOutcome(Outcome.SUCCEEDED))).isEqualTo(3);
    }

    @Test
    void shutdownReleasesTasksStillRunningAfterTheGraceAtOnce() throws Exception {
        CountDownLatch started = new CountDownLatch(2);
        long a = queue.enqueue(NewTask.of("stuck", 1)).id();
        long b = queue.enqueue(NewTask.of("stuck", 2)).id();
        WorkerPool pool = start(pool("w").concurrency(2).handler("stuck", ctx -> {
            started.countDown();
            Thread.sleep(60_000);
        }));
        assertThat(started.await(10, TimeUnit.SECONDS)).isTrue();
        long begin = System.nanoTime();
        pool.shutdown(Duration.ofMillis(200));
        Duration took = Duration.ofNanos(System.nanoTime() - begin);
        assertThat(took).isLessThan(Duration.ofSeconds(5));
        for (long id : List.of(a, b)) {
            TaskInfo t = queue.task(id);
            assertThat(t.state()).as("task %d", id).isEqualTo(TaskState.READY);
            assertThat(t.attempts()).as("attempt refunded").isZero();
        }
    }

    @Test
    void heartbeatsKeepALongTaskLeased() {
        queue.defineTaskType(TaskType.named("long").withLeaseDuration(Duration.ofSeconds(1)));
        long id = queue.enqueue(NewTask.of("long", 1)).id();
        start(pool("w").handler("long", ctx -> {
            Thread.sleep(3_000);
            ledger.record(ctx.task().id(), ctx.lease().token(), "w");
        }));
        await("done", Duration.ofSeconds(30), () -> queue.task(id).state() == TaskState.FINISHED);
        assertThat(queue.task(id).outcome()).isEqualTo(Outcome.SUCCEEDED);
        assertThat(queue.task(id).attempts()).isEqualTo(1);
        assertThat(ledger.executions()).isEqualTo(1);
    }

    @Test
    void heartbeatsKeepTheLeaseLengthThePoolAskedFor() {
        // the type's lease is an hour: a heartbeat that fell back to it would leave a crashed worker's task for an hour
        queue.defineTaskType(TaskType.named("short").withLeaseDuration(Duration.ofHours(1)));
        long id = queue.enqueue(NewTask.of("short", 1)).id();
        List<Duration> leftAfterHeartbeats = new java.util.concurrent.CopyOnWriteArrayList<>();
        start(pool("w").leaseDuration(Duration.ofMillis(900)).handler("short", ctx -> {
            Thread.sleep(1_500); // beyond the 900 ms asked for: only heartbeats keep it
            leftAfterHeartbeats.add(Duration.between(
                    java.time.Instant.now(), fixture.engine().task(id).leaseExpiresAt()));
            ledger.record(ctx.task().id(), ctx.lease().token(), "w");
        }));
        await("done", Duration.ofSeconds(30), () -> queue.task(id).state() == TaskState.FINISHED);
        assertThat(queue.task(id).attempts()).isEqualTo(1);
        assertThat(leftAfterHeartbeats)
                .singleElement()
                .satisfies(left -> assertThat(left).isPositive().isLessThanOrEqualTo(Duration.ofMillis(900)));
    }

    @Test
    void aRestartedWorkerTakesBackItsTasksAtOnce() {
        queue.defineTaskType(TaskType.named("job").withLeaseDuration(Duration.ofHours(1)));
        long id = queue.enqueue(NewTask.of("job", 1)).id();
        // The previous life claimed and died without a word.
        assertThat(queue.claim(dev.tide.api.ClaimRequest.of("default", "node-a/default", 1)))
                .hasSize(1);
        start(pool("node-a/default")
                .handler(
                        "job", ctx -> ledger.record(ctx.task().id(), ctx.lease().token(), "a")));
        await("done", Duration.ofSeconds(20), () -> queue.task(id).state() == TaskState.FINISHED);
        assertThat(queue.task(id).attempts()).isEqualTo(2);
        assertThat(ledger.executions()).isEqualTo(1);
    }

    @Test
    void aRefusedAcknowledgementFailsItsTaskButNotTheOthers() {
        long bad = queue.enqueue(NewTask.of("produce-bad", 1)).id();
        List<NewTask> good = new ArrayList<>();
        for (int i = 0; i < 20; i++) {
            good.add(NewTask.of("fine", i));
        }
        queue.enqueueAll(good);
        start(pool("w")
                .concurrency(8)
                .handler(
                        "produce-bad",
                        ctx -> ctx.enqueue(
                                NewTask.builder("next").payloadJson("{not json").build()))
                .handler(
                        "fine",
                        ctx -> ledger.record(ctx.task().id(), ctx.lease().token(), "w")));
        await("bad task ended", Duration.ofSeconds(20), () -> queue.task(bad).state() == TaskState.FINISHED);
        await("good tasks done", Duration.ofSeconds(20), () -> ledger.executions() == 20);
        assertThat(queue.task(bad).outcome()).isEqualTo(Outcome.FAILED);
        assertThat(queue.task(bad).message())
                .contains("acknowledgement refused")
                .contains("payload");
        assertThat(countIn(TaskQuery.all().withType("next"))).isZero();
    }
}
