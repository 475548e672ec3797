package dev.tide.bench;

import dev.tide.api.Ack;
import dev.tide.api.ClaimRequest;
import dev.tide.api.Coalescing;
import dev.tide.api.Discipline;
import dev.tide.api.LeasedTask;
import dev.tide.api.NewJob;
import dev.tide.api.NewTask;
import dev.tide.api.QueueDefinition;
import dev.tide.api.TaskType;
import dev.tide.api.auth.NewAccount;
import dev.tide.api.auth.Role;
import dev.tide.core.Tide;
import dev.tide.core.TideConfig;
import dev.tide.core.blob.FolderBlobStore;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Locale;

/**
 * One capability of Tide switched on, and nothing else, for the capabilities phase ({@link CapabilityCostBenchmark}):
 * the same no-op tasks as a plain fifo queue's, with what the capability needs set on the engine, the queue, the task
 * type or the tasks. Every limit is far above what a run reaches ({@link #FAR_ABOVE}), so that nothing is refused or
 * held back and what is measured is the work of the capability's checks and bookkeeping.
 */
enum Capability {
    PLAIN("plain fifo queue (the baseline)"),
    PRIORITY("priority discipline, priorities 0-9"),
    FAIR("fair discipline, tasks of " + Capability.FAIR_USERS + " owners in turn"),
    DEPENDENCY("a dependency per task, on one task already succeeded"),
    COALESCING_KEY("a coalescing key per task (distinct), its type coalescing by replace"),
    IDEMPOTENCY_KEY("an idempotency key per task (distinct)"),
    QUEUE_PENDING_BOUND("the queue's max pending set, far above the run"),
    ACCOUNT_PENDING_LIMIT("an owner (one account) with a pending limit far above the run"),
    PROFILE("a profile in force on the task type, limits far above the run"),
    BLOB("every payload in a folder blob store (blob threshold 0 bytes)"),
    DEADLINE("a deadline per task, a day ahead"),
    JOB("every task in one job");

    /** The owners of a fair queue's tasks. */
    static final int FAIR_USERS = 100;

    /**
     * The most tasks a blob run has: each blob is written, fsynced and renamed on its own (a few milliseconds on a
     * machine whose fsync takes one), so a run of the drain's full size would take minutes.
     */
    static final int BLOB_TASKS = 2000;

    /** Every limit a capability sets: far above any run, so none is reached. */
    static final int FAR_ABOVE = 1_000_000_000;

    private static final String PREREQUISITE_QUEUE = "bench-prerequisite";
    private static final String OWNER = "bench-owner";

    private final String description;

    Capability(String description) {
        this.description = description;
    }

    /** What is switched on, for the report. */
    String description() {
        return description;
    }

    /** The name in the report and the JSON file: {@code coalescing-key}. */
    String label() {
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    /** Tasks per run, of the capability and of the plain queue beside it, when {@code asked} were asked for. */
    int tasks(int asked) {
        return this == BLOB ? Math.min(asked, BLOB_TASKS) : asked;
    }

    /** The tasks' discipline and owners: fifo, unless the capability is another discipline. */
    Workload workload() {
        return switch (this) {
            case PRIORITY -> Workload.of(Discipline.PRIORITY, 0);
            case FAIR -> Workload.of(Discipline.FAIR, FAIR_USERS);
            default -> Workload.of(Discipline.FIFO, 0);
        };
    }

    /**
     * The queue under test on {@code database}: an engine configured for the capability, its queue defined, what the
     * capability needs set up, unmeasured.
     *
     * @param blobs a fresh folder for the blob store, which the caller removes after the run
     */
    DrainBenchmark.Factory factory(Path blobs) {
        return database -> {
            Tide tide = this == BLOB
                    ? database.tide()
                            .config(TideConfig.defaults().withBlobThreshold(0))
                            .blobStore(new FolderBlobStore(blobs))
                            .build()
                    : database.tide().config(TideConfig.defaults()).build();
            try {
                Workload workload = workload();
                workload.define(tide);
                TaskShape shape = prepare(tide);
                return new TideQueue(tide, TideBatches.DEFAULT, workload, shape, "tide " + label());
            } catch (Exception e) {
                tide.close();
                throw e;
            }
        };
    }

    /** Sets up what the capability needs on a fresh engine; answers what it adds to each task. */
    private TaskShape prepare(Tide tide) throws InterruptedException {
        return switch (this) {
            case PLAIN, PRIORITY, FAIR, BLOB -> TaskShape.NONE;
            case DEPENDENCY -> {
                long prerequisite = succeededTask(tide);
                yield (n, task) -> task.dependsOn(prerequisite);
            }
            case COALESCING_KEY -> {
                tide.defineTaskType(TaskType.named(TideQueue.TYPE).withCoalescing(Coalescing.REPLACE));
                yield (n, task) -> task.coalescingKey("key-" + n);
            }
            case IDEMPOTENCY_KEY -> (n, task) -> task.idempotencyKey("key-" + n);
            case QUEUE_PENDING_BOUND -> {
                Workload.define(
                        tide,
                        QueueDefinition.named(Workload.QUEUE)
                                .withDiscipline(Discipline.FIFO)
                                .withPendingBounds(FAR_ABOVE, null, null));
                yield TaskShape.NONE;
            }
            case ACCOUNT_PENDING_LIMIT -> {
                tide.accounts().addAccount(NewAccount.of(OWNER, Role.SUBMITTER).withLimits(FAR_ABOVE, null));
                yield (n, task) -> task.owner(OWNER);
            }
            case PROFILE -> {
                tide.profiles().define(ProfileCostBenchmark.limitingNothing());
                yield TaskShape.NONE;
            }
            case DEADLINE -> {
                Instant tomorrow = Instant.now().plus(Duration.ofDays(1));
                yield (n, task) -> task.deadline(tomorrow.plusMillis(n));
            }
            case JOB -> {
                long job = tide.createJob(NewJob.builder("bench-job").build())
                        .job()
                        .id();
                yield (n, task) -> task.job(job);
            }
        };
    }

    /** A task of the benchmark's type in a queue of its own, enqueued, claimed and acknowledged as succeeded. */
    private static long succeededTask(Tide tide) {
        long id = tide.enqueue(NewTask.builder(TideQueue.TYPE)
                        .queue(PREREQUISITE_QUEUE)
                        .payload(new TideQueue.NoopPayload(-1))
                        .build())
                .id();
        List<LeasedTask> claimed = tide.claim(ClaimRequest.of(PREREQUISITE_QUEUE, "capability-bench", 1));
        if (claimed.size() != 1 || claimed.get(0).id() != id) {
            throw new IllegalStateException("could not claim the prerequisite task " + id);
        }
        tide.ack(Ack.succeed(claimed.get(0).lease()));
        return id;
    }
}
