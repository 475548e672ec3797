package dev.tide.core.statements;

import dev.tide.api.Ack;
import dev.tide.api.ClaimRequest;
import dev.tide.api.Discipline;
import dev.tide.api.LeasedTask;
import dev.tide.api.NewJob;
import dev.tide.api.NewTask;
import dev.tide.api.Profile;
import dev.tide.api.ProfileLimits;
import dev.tide.api.QueueDefinition;
import dev.tide.api.auth.NewAccount;
import dev.tide.api.auth.Role;
import dev.tide.core.Tide;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

/**
 * One capability in use on the measured queue, alone: how the engine is set up for it, and how each task uses it. Plain
 * is a fifo queue with no capability in use; each other one is plain plus one thing.
 */
enum Capability {
    PLAIN("plain fifo (none in use)"),
    DEPENDENCY("dependency (on a finished task)"),
    COALESCING_KEY("coalescing key (distinct keys)"),
    IDEMPOTENCY_KEY("idempotency key (distinct keys)"),
    PENDING_BOUNDS("pending bounds on the queue"),
    OWNER("owner, no limits"),
    OWNER_LIMITS("owner with an account's pending limit"),
    PROFILE("profile on the type"),
    FAIR("fair discipline, with owners"),
    PRIORITY("priority discipline"),
    BLOB("blob payload (over the threshold)"),
    TASK_DEADLINE("deadline on the task"),
    JOB_DEADLINE("task of a job with a deadline");

    static final String QUEUE = "measured";
    static final String TYPE = "measured";
    /** Over {@link dev.tide.core.settings.BlobSettings}'s default threshold of 64 KiB, under the 1 MiB payload cap. */
    private static final String LARGE_PAYLOAD = "{\"text\":\"" + "x".repeat(70 * 1024) + "\"}";

    final String label;

    Capability(String label) {
        this.label = label;
    }

    /** Sets the engine up for this capability; answers what each task needs (a task or job id to depend on or join). */
    long prepare(Tide tide) {
        switch (this) {
            case PENDING_BOUNDS ->
                tide.queues().define(QueueDefinition.named(QUEUE).withPendingBounds(1_000_000, 1_000_000, 1_000_000));
            case OWNER_LIMITS ->
                tide.accounts().addAccount(NewAccount.of("ada", Role.SUBMITTER).withLimits(1_000_000, null));
            case PROFILE ->
                tide.profiles()
                        .define(Profile.forTaskType(TYPE, ZoneOffset.UTC, List.of(), ProfileLimits.perHour(1_000_000)));
            case FAIR -> tide.queues().define(QueueDefinition.named(QUEUE).withDiscipline(Discipline.FAIR));
            case PRIORITY -> tide.queues().define(QueueDefinition.named(QUEUE).withDiscipline(Discipline.PRIORITY));
            case DEPENDENCY -> {
                long root = tide.enqueue(NewTask.builder("root").queue("roots").build())
                        .task()
                        .id();
                LeasedTask leased = tide.claim(ClaimRequest.of("roots", "w", 1)).get(0);
                tide.ack(Ack.succeed(leased.lease()));
                return root;
            }
            case JOB_DEADLINE -> {
                return tide.createJob(NewJob.builder("mailing")
                                .deadline(Instant.now().plus(Duration.ofDays(1)))
                                .task(NewTask.builder(TYPE).queue("held").build())
                                .build())
                        .job()
                        .id();
            }
            default -> {
                // Nothing to set up.
            }
        }
        return 0;
    }

    /** The next task to enqueue; {@code prepared} is what {@link #prepare} answered, {@code serial} counts tasks. */
    NewTask task(long prepared, AtomicLong serial) {
        long n = serial.incrementAndGet();
        NewTask.Builder task = NewTask.builder(TYPE).queue(QUEUE).payloadJson("{\"n\":" + n + "}");
        switch (this) {
            case DEPENDENCY -> task.dependsOn(prepared);
            case COALESCING_KEY -> task.coalescingKey("k" + n);
            case IDEMPOTENCY_KEY -> task.idempotencyKey("i" + n);
            case OWNER, OWNER_LIMITS, FAIR -> task.owner(n % 2 == 0 ? "ada" : "bob");
            case PRIORITY -> task.priority((int) (n % 5));
            case BLOB -> task.payloadJson(LARGE_PAYLOAD);
            case TASK_DEADLINE -> task.deadline(Instant.now().plus(Duration.ofDays(1)));
            case JOB_DEADLINE -> task.job(prepared);
            default -> {
                // A plain task.
            }
        }
        return task.build();
    }
}
