package dev.tide.api;

import com.fasterxml.jackson.annotation.JsonRawValue;
import com.fasterxml.jackson.databind.annotation.JsonDeserialize;
import dev.tide.api.json.RawJsonDeserializer;
import java.time.Instant;

/**
 * One entry of Tide's event log: something that happened to a task, a job or a queue, kept for people and tools to
 * look back on. The kinds are the constants below; what each records, and why others (such as each success) are
 * left to the hourly statistics, is in {@code docs/statistics.md}. Administrators' actions carry {@code actor} in
 * their detail: who did it, as the caller said ({@link Actor}), or null when unknown (an embedded call).
 *
 * @param id increasing: a newer event has a larger id
 * @param taskId the task concerned, if any
 * @param jobId the job concerned, if any
 * @param queue the queue concerned, if any
 * @param detail a JSON object whose fields depend on the kind
 */
public record TideEvent(
        long id,
        Instant at,
        String kind,
        Long taskId,
        Long jobId,
        String queue,

        @JsonRawValue @JsonDeserialize(using = RawJsonDeserializer.class)
        String detail) {

    public static final String DEADLINE_WARNING = DeadlineNotice.Kind.WARNING.eventKind();
    public static final String DEADLINE_VIOLATION = DeadlineNotice.Kind.VIOLATION.eventKind();
    /** A profile was created or replaced; detail: {@code profile} (its key) and {@code definition}. */
    public static final String PROFILE_DEFINED = "profile.defined";
    /** A profile was removed; detail: {@code profile}. */
    public static final String PROFILE_DELETED = "profile.deleted";
    /** A schedule was created or replaced; detail: {@code schedule} (its name) and {@code definition}. */
    public static final String SCHEDULE_DEFINED = "schedule.defined";
    /** A schedule was removed; detail: {@code schedule}. */
    public static final String SCHEDULE_DELETED = "schedule.deleted";
    /** A schedule was paused; detail: {@code schedule}. */
    public static final String SCHEDULE_PAUSED = "schedule.paused";
    /** A schedule was resumed; detail: {@code schedule} and {@code nextFireAt}. */
    public static final String SCHEDULE_RESUMED = "schedule.resumed";
    /**
     * Firings of a schedule fired nothing by its misfire policy (or the catch-up bound, or their instances' expiry);
     * detail: {@code schedule}, {@code misfire}, and {@code from} and {@code to}, the first and last such firing.
     */
    public static final String SCHEDULE_MISSED = "schedule.missed";

    // --- lifecycle: written in the transaction of the change -----------------------------------------------------

    /** A task ended failed for good; detail: {@code type}, {@code attempts}, {@code message}. */
    public static final String TASK_FAILED = "task.failed";
    /**
     * Waiting tasks of one queue ended expired in one maintenance batch; detail: {@code count} and {@code types} (count
     * per type). One event per batch and queue, not per task: expiry can end thousands at once.
     */
    public static final String TASKS_EXPIRED = "tasks.expired";
    /** A job ended; detail: {@code type}, {@code outcome}, {@code total}, {@code succeeded}, {@code failed}, {@code cancelled}. */
    public static final String JOB_FINISHED = "job.finished";
    /** The periodic digest was enqueued; detail: {@code taskId}, {@code from}, {@code until}, {@code recipients}. */
    public static final String DIGEST_SENT = "digest.sent";

    // --- administrators' actions: detail has actor ---------------------------------------------------------------

    /** A task was cancelled on request; detail: {@code actor}, {@code reason}. */
    public static final String TASK_CANCELLED = "task.cancelled";
    /** A failed or cancelled task was made ready again; detail: {@code actor}. */
    public static final String TASK_RETRIED = "task.retried";
    /** A job was cancelled on request; detail: {@code actor}, {@code reason}. */
    public static final String JOB_CANCELLED = "job.cancelled";
    /** Waiting tasks were parked; detail: {@code actor}, {@code selection}, {@code count}. */
    public static final String TASKS_PARKED = "tasks.parked";
    /** Parked tasks were returned; detail: {@code actor}, {@code selection}, {@code count}. */
    public static final String TASKS_UNPARKED = "tasks.unparked";
    /**
     * A bulk action started ({@link BulkActions}); detail: {@code actor}, {@code bulkId}, {@code action},
     * {@code owner}, {@code matched}, and {@code filter} or {@code taskIds} (how many).
     */
    public static final String BULK_STARTED = "bulk.started";
    /** A bulk action was cancelled; detail: {@code actor} (who cancelled), {@code bulkId} and its counts so far. */
    public static final String BULK_CANCELLED = "bulk.cancelled";
    /**
     * A bulk action ended (done or failed); detail: {@code actor} (who started it), {@code bulkId}, {@code action},
     * {@code state}, {@code matched}, {@code processed}, {@code changed}, {@code skipped}, {@code message}.
     */
    public static final String BULK_ENDED = "bulk.ended";
    /** A queue stopped dispatching (queue set), or every queue (queue null); detail: {@code actor}. */
    public static final String SUSPENDED = "dispatch.suspended";
    /** A queue, or every queue (queue null), dispatches again; detail: {@code actor}. */
    public static final String RESUMED = "dispatch.resumed";
    /** A queue was created or changed; detail: {@code actor}, {@code definition}. */
    public static final String QUEUE_DEFINED = "queue.defined";
    /** A task type was created or replaced; detail: {@code actor}, {@code definition}. */
    public static final String TASK_TYPE_DEFINED = "task_type.defined";
    /** A job type was created or replaced; detail: {@code actor}, {@code definition}. */
    public static final String JOB_TYPE_DEFINED = "job_type.defined";
    /** A queue's users got their own shares (queue set); detail: {@code actor}, {@code shares}. */
    public static final String USERS_ASSIGNED = "users.assigned";
    /** A queue's users had some of their settings changed (queue set); detail: {@code actor}, {@code shares}. */
    public static final String USERS_ADJUSTED = "users.adjusted";
    /** The server-wide prohibited users were replaced; detail: {@code actor}, {@code users}. */
    public static final String USERS_PROHIBITED = "users.prohibited";
    /** A processor was created or changed (queue: its queue); detail: {@code actor}, {@code processor}, {@code definition}. */
    public static final String PROCESSOR_DEFINED = "processor.defined";
    /** A processor was started; detail: {@code actor}, {@code processor}. */
    public static final String PROCESSOR_STARTED = "processor.started";
    /** A processor was stopped; detail: {@code actor}, {@code processor}. */
    public static final String PROCESSOR_STOPPED = "processor.stopped";
    /** A processor was removed; detail: {@code actor}, {@code processor}. */
    public static final String PROCESSOR_DELETED = "processor.deleted";

    /** Folder intake was switched on ({@link Intake#switchTo}); detail: {@code actor}. */
    public static final String INTAKE_ENABLED = "intake.enabled";
    /** Folder intake was switched off; detail: {@code actor}. */
    public static final String INTAKE_DISABLED = "intake.disabled";
    /** A user of the server was added; detail: {@code actor}, {@code user}, {@code roles}. */
    public static final String ACCOUNT_ADDED = "account.added";
    /**
     * A user's roles, password or limits were changed, or it was disabled or enabled; detail: {@code actor},
     * {@code user}, {@code change} (roles, password, limits, disabled, enabled) and what changed, never a password.
     */
    public static final String ACCOUNT_CHANGED = "account.changed";
    /**
     * A token was issued, or a session began at sign-in; detail: {@code actor}, {@code user}, {@code id}, {@code kind},
     * {@code label}, {@code expiresAt}. Never the token.
     */
    public static final String TOKEN_ISSUED = "token.issued";
    /**
     * The limits of users without their own were set; detail: {@code actor}, {@code pendingLimit},
     * {@code submitsPerMinute}.
     */
    public static final String ACCOUNT_DEFAULTS = "account.defaults";
    /** A token was revoked; detail: {@code actor}, {@code user}, {@code id}. */
    public static final String TOKEN_REVOKED = "token.revoked";
}
