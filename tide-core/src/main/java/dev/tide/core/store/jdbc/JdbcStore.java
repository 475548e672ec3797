package dev.tide.core.store.jdbc;

import dev.tide.api.AckResult;
import dev.tide.api.Actor;
import dev.tide.api.ConflictException;
import dev.tide.api.DeadlineNotice;
import dev.tide.api.Discipline;
import dev.tide.api.EnqueueResult;
import dev.tide.api.EventQuery;
import dev.tide.api.HourlyStats;
import dev.tide.api.IntakeStatus;
import dev.tide.api.InvalidRequestException;
import dev.tide.api.JobInfo;
import dev.tide.api.JobState;
import dev.tide.api.JobType;
import dev.tide.api.Lease;
import dev.tide.api.LeasedTask;
import dev.tide.api.LoadReadings;
import dev.tide.api.Outcome;
import dev.tide.api.Page;
import dev.tide.api.ProcessorDefinition;
import dev.tide.api.ProcessorInfo;
import dev.tide.api.ProcessorRun;
import dev.tide.api.Profile;
import dev.tide.api.ProfileFullException;
import dev.tide.api.ProfileStatus;
import dev.tide.api.QueueDefinition;
import dev.tide.api.QueueInfo;
import dev.tide.api.QueueUser;
import dev.tide.api.Schedule;
import dev.tide.api.ScheduleInfo;
import dev.tide.api.StatsQuery;
import dev.tide.api.StatusReport;
import dev.tide.api.TaskInfo;
import dev.tide.api.TaskQuery;
import dev.tide.api.TaskSelection;
import dev.tide.api.TaskState;
import dev.tide.api.TaskType;
import dev.tide.api.TideEvent;
import dev.tide.api.UserShares;
import dev.tide.api.auth.AccountDefaults;
import dev.tide.api.auth.NewAccount;
import dev.tide.api.auth.Owners;
import dev.tide.api.auth.Role;
import dev.tide.api.auth.TokenInfo;
import dev.tide.api.json.Json;
import dev.tide.core.dispatch.DispatchKey;
import dev.tide.core.store.AccountRecord;
import dev.tide.core.store.CallerLease;
import dev.tide.core.store.DeadlineDue;
import dev.tide.core.store.DeadlineRaise;
import dev.tide.core.store.DeadlineRaised;
import dev.tide.core.store.DigestAdvance;
import dev.tide.core.store.DigestReport;
import dev.tide.core.store.EventRow;
import dev.tide.core.store.Expired;
import dev.tide.core.store.ExpiredLease;
import dev.tide.core.store.InsertBatch;
import dev.tide.core.store.IntakePass;
import dev.tide.core.store.JobEndHook;
import dev.tide.core.store.JobInsertResult;
import dev.tide.core.store.JobRow;
import dev.tide.core.store.LeaseExtension;
import dev.tide.core.store.LeasedInsert;
import dev.tide.core.store.ScheduleFiring;
import dev.tide.core.store.SettleBatch;
import dev.tide.core.store.Settlement;
import dev.tide.core.store.Store;
import dev.tide.core.store.TaskClaim;
import dev.tide.core.store.TaskClaimById;
import dev.tide.core.store.TaskPruned;
import dev.tide.core.store.TaskRow;
import dev.tide.core.store.TokenHolder;
import dev.tide.core.store.TokenRow;
import dev.tide.core.store.Unparked;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.DoubleSupplier;
import java.util.stream.Stream;

/**
 * The store logic both dialects share, written against named statements. A dialect supplies how a transaction runs
 * ({@link #write}, {@link #read}), its statements file, and its bulk statements: inserting tasks
 * ({@link #insertTaskRows}) and settling leases ({@link #settleRowsInBulk}).
 *
 * <p>Job counters are kept in the same transaction as the task changes that move them, so a job ends exactly when its
 * last task does, and its end hooks' tasks are inserted in that same transaction.
 */
public abstract class JdbcStore implements Store {
    protected final SqlFile sql;
    protected final Dialect dialect;
    private final JobEndHook jobEndHook;
    private final LateLaneTurns lateLane = new LateLaneTurns();
    /** This node's copy of the profiles; each claim checks its revision against the database's. */
    private volatile ProfileBook profiles = ProfileBook.EMPTY;

    private static final long OWNER_LIMITS_FRESHNESS_NANOS = 1_000_000_000L;
    private volatile OwnerLimits ownerLimits;
    private volatile long ownerLimitsReadAt;

    protected JdbcStore(Dialect dialect, JobEndHook jobEndHook) {
        this.dialect = dialect;
        this.sql = SqlFile.forDialect(dialect.name());
        this.jobEndHook = jobEndHook;
    }

    /**
     * The users' admission limits, read again once a second (or at once after a change through this node): a limit
     * set through another node applies here within a second.
     */
    private OwnerLimits ownerLimits(Tx tx) throws SQLException {
        OwnerLimits limits = ownerLimits;
        if (limits == null || System.nanoTime() - ownerLimitsReadAt > OWNER_LIMITS_FRESHNESS_NANOS) {
            limits = OwnerLimits.read(tx);
            ownerLimitsReadAt = System.nanoTime();
            ownerLimits = limits;
        }
        return limits;
    }

    /** Runs {@code work} in one write transaction, durable when this returns. */
    protected abstract <T> T write(SqlWork<T> work);

    /**
     * A write on behalf of an administrator: the calling thread's {@link Actor} is named inside the transaction too,
     * whichever thread runs it, so the event it logs says who did it.
     */
    @SuppressWarnings("try") // the Actor.Scope names who acts inside it; never read
    private <T> T adminWrite(SqlWork<T> work) {
        String actor = Actor.current();
        return write(tx -> {
            try (Actor.Scope ignored = Actor.enter(actor)) {
                return work.run(tx);
            }
        });
    }

    /** Runs {@code work} on a read connection; it sees every transaction committed before the call. */
    protected abstract <T> T read(SqlWork<T> work);

    // --- schema --------------------------------------------------------------------------------------------------

    @Override
    public int schemaMigrate() {
        return write(tx -> new Migrator(dialect).migrate(tx, System.currentTimeMillis()));
    }

    @Override
    public int schemaVersion() {
        return read(Migrator::version);
    }

    // --- types ---------------------------------------------------------------------------------------------------

    @Override
    public void taskTypeUpsert(TaskType type, Instant now) {
        write(tx -> tx.prepare("task_type_upsert")
                .set("name", type.name())
                .set("definition", Json.write(type))
                .set("now", now)
                .update());
    }

    @Override
    public List<TaskType> taskTypeList() {
        return read(tx -> definitions(tx, "task_type_list", TaskType.class));
    }

    @Override
    public void namedTypeAdd(Collection<String> types, Instant now) {
        write(tx -> {
            for (String type : types) {
                tx.prepare("named_type_add").set("type", type).set("now", now).update();
            }
            return null;
        });
    }

    @Override
    public Set<String> namedTypeList() {
        return read(tx -> {
            Set<String> named = new HashSet<>();
            try (ResultSet rs = tx.prepare("named_type_list").query()) {
                while (rs.next()) {
                    named.add(rs.getString("type"));
                }
            }
            return named;
        });
    }

    @Override
    public Map<String, Long> taskUnnamedTypeCounts() {
        return read(tx -> {
            Map<String, Long> counts = new TreeMap<>();
            try (ResultSet rs = tx.prepare("status_unnamed_types").query()) {
                while (rs.next()) {
                    counts.put(rs.getString("type"), rs.getLong("n"));
                }
            }
            return counts;
        });
    }

    @Override
    public void jobTypeUpsert(JobType type, Instant now) {
        write(tx -> tx.prepare("job_type_upsert")
                .set("name", type.name())
                .set("definition", Json.write(type))
                .set("now", now)
                .update());
    }

    @Override
    public List<JobType> jobTypeList() {
        return read(tx -> definitions(tx, "job_type_list", JobType.class));
    }

    private static <T> List<T> definitions(Tx tx, String statement, Class<T> type) throws SQLException {
        List<T> out = new ArrayList<>();
        try (ResultSet rs = tx.prepare(statement).query()) {
            while (rs.next()) {
                out.add(Json.read(rs.getString("definition"), type));
            }
        }
        return out;
    }

    // --- queues --------------------------------------------------------------------------------------------------

    @Override
    public QueueInfo queueDefine(QueueDefinition definition, Instant now) {
        return write(tx -> QueueSettings.define(tx, definition, now));
    }

    @Override
    public List<QueueInfo> queueList() {
        return read(QueueSettings::list);
    }

    @Override
    public QueueInfo queueSuspend(String name, boolean suspended, Instant now) {
        return write(tx -> QueueSettings.suspend(tx, name, suspended, now));
    }

    @Override
    public void serverSuspend(boolean suspended, Instant now) {
        write(tx -> QueueSettings.suspend(tx, QueueSettings.SERVER, suspended, now));
    }

    @Override
    public List<QueueUser> userAssign(String queue, UserShares shares) {
        return write(tx -> QueueSettings.assign(tx, queue, shares, false));
    }

    @Override
    public List<QueueUser> userAdjust(String queue, UserShares shares) {
        return write(tx -> QueueSettings.assign(tx, queue, shares, true));
    }

    @Override
    public List<QueueUser> userList(String queue) {
        return read(tx -> QueueSettings.users(tx, queue));
    }

    @Override
    public int fairUsersWake(Instant since) {
        return write(tx -> tx.prepare("fair_users_wake").set("since", since).update());
    }

    @Override
    public Set<String> prohibitedReplace(Set<String> users) {
        return write(tx -> {
            QueueSettings.replaceProhibited(tx, QueueSettings.EVERY_QUEUE, users);
            return QueueSettings.prohibited(tx, QueueSettings.EVERY_QUEUE);
        });
    }

    @Override
    public Set<String> prohibitedList() {
        return read(tx -> QueueSettings.prohibited(tx, QueueSettings.EVERY_QUEUE));
    }

    /** After a claim: a roulette queue's race clock moves up to the largest key claimed, a fair queue's to the pass. */
    static void advanceRaceClock(Tx tx, String queue, byte[] largestKey) throws SQLException {
        if (largestKey != null) {
            tx.prepare("queue_race_advance")
                    .set("name", queue)
                    .set("dispatch_key", largestKey)
                    .update();
        }
    }

    @Override
    public int taskRekey(int limit, Instant settledBefore, DoubleSupplier raceDraws) {
        return write(tx -> Rekeying.run(tx, limit, settledBefore, raceDraws));
    }

    // --- jobs ----------------------------------------------------------------------------------------------------

    @Override
    public JobInsertResult jobInsert(JobRow job, List<TaskRow> tasks) {
        return write(tx -> {
            JobInfo created;
            try (ResultSet rs = tx.prepare("job_insert")
                    .set("type", job.type())
                    .set("title", job.title())
                    .set("owner", job.owner())
                    .set("priority", (long) job.priority())
                    .set("deadline", job.deadline())
                    .set("info", job.info())
                    .set("now", job.createdAt())
                    .query()) {
                rs.next();
                created = Rows.job(rs);
            }
            List<TaskRow> rows =
                    tasks.stream().map(t -> t.withJob(created.id())).toList();
            InsertBatch batch = insertRows(tx, rows);
            List<Long> ids = batch.results().stream().map(EnqueueResult::id).toList();
            return new JobInsertResult(jobGet(tx, created.id()).orElseThrow(), ids, batch.readyQueues());
        });
    }

    @Override
    public Optional<JobInfo> jobGet(long jobId) {
        return read(tx -> jobGet(tx, jobId));
    }

    @Override
    public Set<Long> tasksOwnedBy(String owner, Collection<Long> taskIds) {
        return read(tx -> owned(tx, "task_ids_owned", owner, taskIds));
    }

    @Override
    public Set<Long> jobsOwnedBy(String owner, Collection<Long> jobIds) {
        return read(tx -> owned(tx, "job_ids_owned", owner, jobIds));
    }

    private static Set<Long> owned(Tx tx, String query, String owner, Collection<Long> ids) throws SQLException {
        Set<Long> owned = new HashSet<>();
        try (ResultSet rs =
                tx.prepare(query).set("owner", owner).setLongs("ids", ids).query()) {
            while (rs.next()) {
                owned.add(rs.getLong("id"));
            }
        }
        return owned;
    }

    private static Optional<JobInfo> jobGet(Tx tx, long jobId) throws SQLException {
        try (ResultSet rs = tx.prepare("job_get").set("id", jobId).query()) {
            return rs.next() ? Optional.of(Rows.job(rs)) : Optional.empty();
        }
    }

    @Override
    public Optional<JobInfo> jobInfoUpdate(long jobId, String info) {
        return write(tx -> jobInfoUpdate(tx, jobId, info));
    }

    private static Optional<JobInfo> jobInfoUpdate(Tx tx, long jobId, String info) throws SQLException {
        try (ResultSet rs =
                tx.prepare("job_info_update").set("id", jobId).set("info", info).query()) {
            return rs.next() ? Optional.of(Rows.job(rs)) : Optional.empty();
        }
    }

    @Override
    public Optional<SettleBatch> jobCancel(long jobId, String reason, Instant now) {
        return write(tx -> {
            Optional<JobInfo> job = jobGet(tx, jobId);
            if (job.isEmpty()) {
                return Optional.empty();
            }
            Set<String> ready = new LinkedHashSet<>();
            List<JobInfo> finished = new ArrayList<>();
            if (job.get().state() == JobState.OPEN) {
                int cancelled = 0;
                List<Long> withDependents = new ArrayList<>();
                try (ResultSet rs = tx.prepare("job_tasks_cancel")
                        .set("job_id", jobId)
                        .set("reason", reason)
                        .set("now", now)
                        .query()) {
                    while (rs.next()) {
                        cancelled++;
                        if (rs.getInt("has_dependents") != 0) {
                            withDependents.add(rs.getLong("id"));
                        }
                    }
                }
                JobInfo counted = jobCountAdd(tx, jobId, 0, 0, cancelled);
                finishJob(tx, counted, Outcome.CANCELLED, now, ready).ifPresent(finished::add);
                if (!withDependents.isEmpty()) {
                    // Dependents in other jobs: counted and, when those jobs end, ended with them.
                    JobDeltas deltas = new JobDeltas();
                    Dependents.afterEnded(tx, Map.of(Outcome.CANCELLED, withDependents), now, deltas, ready);
                    finished.addAll(applyJobDeltas(tx, deltas, now, ready));
                }
            }
            return Optional.of(new SettleBatch(List.of(), finished, ready, null));
        });
    }

    // --- inserting tasks -----------------------------------------------------------------------------------------

    @Override
    public InsertBatch taskInsertMany(List<TaskRow> rows) {
        return write(tx -> insertRows(tx, rows));
    }

    /**
     * Inserts rows into open jobs (or none), computing each dispatch key from its job's priority and deadline.
     * Idempotency keys already taken return the existing task, or fail the whole transaction when type or payload
     * differ. Rows with a coalescing rule, and rows of bounded queues, go through {@link SmartInsert} under their
     * scopes' locks; the others cost nothing more than the check that finds none.
     */
    protected InsertBatch insertRows(Tx tx, List<TaskRow> rows) throws SQLException {
        return insertRows(tx, rows, true);
    }

    /**
     * @param enforceBounds false for the tasks a job's end hooks add (its completion task and alerts): a full queue
     *     must not keep a job from ending
     */
    private InsertBatch insertRows(Tx tx, List<TaskRow> rows, boolean enforceBounds) throws SQLException {
        if (enforceBounds) {
            OwnerLimits limits = ownerLimits(tx);
            if (limits.any()) {
                OwnerAdmission.check(tx, rows, limits, scopes -> lockScopes(tx, scopes));
            }
        }
        Map<Long, JobInfo> jobs = openJobsOf(tx, rows);
        Map<String, QueueRow> orders = new HashMap<>();
        List<Placement> placements = new ArrayList<>(rows.size());
        for (TaskRow row : rows) {
            JobInfo job = row.jobId() == null ? null : jobs.get(row.jobId());
            QueueRow order = orders.get(row.queue());
            if (order == null) {
                order = QueueRow.read(tx, row.queue());
                orders.put(row.queue(), order);
            }
            placements.add(Placement.of(
                    order,
                    row.owner(),
                    job == null ? 0 : job.priority(),
                    job == null ? null : job.deadline(),
                    row.priority(),
                    row.deadline(),
                    row.raceDraw() / row.weight(),
                    job != null && job.deadline() != null && !job.deadline().isAfter(row.createdAt())));
        }
        List<SettledRow> ended = new ArrayList<>();
        Map<Outcome, List<Long>> endedWithDependents = new LinkedHashMap<>();
        List<SmartInsert.Slot> slots;
        if (SmartInsert.needed(rows, orders)) {
            List<String> scopes = SmartInsert.scopes(rows, orders);
            if (!scopes.isEmpty()) {
                lockScopes(tx, scopes);
            }
            slots = SmartInsert.run(
                    tx,
                    rows,
                    placements,
                    orders,
                    enforceBounds,
                    (r, p) -> insertTaskRows(tx, r, p),
                    ended,
                    endedWithDependents);
        } else {
            slots = plainSlots(tx, rows, insertTaskRows(tx, rows, placements));
        }
        List<EnqueueResult> results = new ArrayList<>(rows.size());
        Map<Long, Long> addedPerJob = new TreeMap<>();
        Set<String> ready = new LinkedHashSet<>();
        for (int i = 0; i < rows.size(); i++) {
            TaskRow row = rows.get(i);
            SmartInsert.Slot slot = slots.get(i);
            if (!slot.created()) {
                results.add(new EnqueueResult(slot.task(), false));
                continue;
            }
            results.add(new EnqueueResult(slot.task() != null ? slot.task() : Rows.fresh(row, slot.id()), true));
            if (row.jobId() != null) {
                addedPerJob.merge(row.jobId(), 1L, Long::sum);
            }
            if (slot.queued() && row.initialState() == TaskState.READY) {
                ready.add(row.queue());
            }
        }
        for (Map.Entry<Long, Long> added : addedPerJob.entrySet()) {
            tx.prepare("job_total_add")
                    .set("id", added.getKey())
                    .set("n", added.getValue())
                    .update();
        }
        if (rows.stream().anyMatch(r -> !r.dependencies().isEmpty())) {
            Dependents.link(tx, rows, results, rows.get(0).createdAt(), ready)
                    .forEach((i, linked) -> results.set(i, new EnqueueResult(linked, true)));
        }
        if (!ended.isEmpty()) {
            // Tasks a newcomer superseded or neutralized end their jobs' count as cancelled, after the newcomers
            // joined their jobs: a job whose task was replaced by one of its own must not end in between. Their
            // dependents go as after any end other than success.
            JobDeltas deltas = new JobDeltas();
            for (SettledRow row : ended) {
                deltas.add(row.jobId(), Outcome.CANCELLED);
            }
            Dependents.afterEnded(tx, endedWithDependents, rows.get(0).createdAt(), deltas, ready);
            applyJobDeltas(tx, deltas, rows.get(0).createdAt(), ready);
        }
        return new InsertBatch(results, ready);
    }

    private static List<SmartInsert.Slot> plainSlots(Tx tx, List<TaskRow> rows, List<Long> ids) throws SQLException {
        List<SmartInsert.Slot> slots = new ArrayList<>(rows.size());
        for (int i = 0; i < rows.size(); i++) {
            Long id = ids.get(i);
            if (id != null) {
                slots.add(new SmartInsert.Slot(id, null, true, true));
            } else {
                TaskInfo existing = SmartInsert.existingFor(tx, rows.get(i));
                slots.add(new SmartInsert.Slot(existing.id(), existing, false, false));
            }
        }
        return slots;
    }

    /** Inserts the rows and returns their ids in order, null for a row whose idempotency key was taken. */
    protected abstract List<Long> insertTaskRows(Tx tx, List<TaskRow> rows, List<Placement> placements)
            throws SQLException;

    /**
     * Holds the scopes (coalescing keys, bounded queues; sorted) until the transaction ends, so that concurrent
     * enqueues on them take turns. Nothing to do where one writer runs every transaction alone (SQLite).
     */
    protected void lockScopes(Tx tx, List<String> scopes) throws SQLException {}

    private Map<Long, JobInfo> openJobsOf(Tx tx, List<TaskRow> rows) throws SQLException {
        Map<Long, JobInfo> jobs = new HashMap<>();
        for (TaskRow row : rows) {
            Long jobId = row.jobId();
            if (jobId == null || jobs.containsKey(jobId)) {
                continue;
            }
            // Checked before the insert; gone since only when pruned in between.
            JobInfo job = jobGet(tx, jobId).orElseThrow(() -> Owners.noSuchJob("jobId", jobId));
            if (job.state() != JobState.OPEN) {
                throw new ConflictException("job " + jobId + " has finished; start a new job for more tasks");
            }
            jobs.put(jobId, job);
        }
        return jobs;
    }

    // --- claiming ------------------------------------------------------------------------------------------------

    /**
     * A task a claim leased: its id and key, and the task itself where the claim statement reads it whole; what it
     * costs (type, job type, units) for profiles, and the grant a profile gave it.
     */
    public record Claimed(
            long id,
            byte[] key,
            LeasedTask task,
            String type,
            String jobType,
            int units,
            boolean divisible,
            Grant grant) {
        static final Comparator<Claimed> IN_DISPATCH_ORDER = (a, b) -> {
            int byKey = Arrays.compareUnsigned(a.key, b.key);
            return byKey != 0 ? byKey : Long.compare(a.id, b.id);
        };

        /** The units a profile granted a task, and the hour they count in. */
        public record Grant(String profileKey, Instant hour, int units) {}

        /** A row of a claim statement's answer; {@code task} when the statement reads the task whole. */
        public static Claimed read(ResultSet rs, LeasedTask task) throws SQLException {
            return new Claimed(
                    rs.getLong("id"),
                    rs.getBytes("dispatch_key"),
                    task,
                    rs.getString("type"),
                    rs.getString("job_type"),
                    rs.getInt("units"),
                    rs.getInt("divisible") != 0,
                    null);
        }

        Claimed granted(Grant newGrant) {
            LeasedTask withBudget = task == null ? null : new LeasedTask(task.task(), task.lease(), newGrant.units());
            return new Claimed(id, key, withBudget, type, jobType, units, divisible, newGrant);
        }
    }

    @Override
    public List<LeasedTask> taskClaim(TaskClaim claim) {
        return claimCounted(claim).stream().map(Claimed::task).toList();
    }

    /**
     * Runs the claim and counts its grants in its session once it has committed (a transaction run again after a
     * deadlock must not count twice).
     */
    protected final List<Claimed> claimCounted(TaskClaim claim) {
        List<Claimed> claimed = write(tx -> claimRows(tx, claim));
        for (Claimed row : claimed) {
            if (row.grant() != null) {
                claim.session().add(row.grant().profileKey(), row.grant().units());
            }
        }
        return claimed;
    }

    /** One row of a claim statement's answer ({@code task_claim}, {@code fair_claim_users}). */
    protected Claimed claimed(ResultSet rs, TaskClaim claim) throws SQLException {
        return Claimed.read(rs, Rows.leased(rs, claim.leaseMillis()));
    }

    /**
     * Leases the claim's tasks and answers them in the order they were chosen. One statement per step of the claim
     * (preferred users first) serves the queues whose order is their dispatch key; it serves nothing from a suspended
     * or a fair queue, and only when it served nothing is the queue's row read, to run a fair claim
     * ({@link FairClaim}) if the queue is fair. A roulette queue's race clock then moves to the last key drawn.
     */
    protected final List<Claimed> claimRows(Tx tx, TaskClaim claim) throws SQLException {
        profiles = profiles.current(tx);
        List<Claimed> claimed = profiles.isEmpty()
                ? claimInOrder(tx, claim)
                : ProfiledClaim.run(tx, claim, profiles, step -> claimInOrder(tx, step));
        if (!claimed.isEmpty()) {
            StatsTally tally = new StatsTally(claim.now());
            claimed.forEach(c -> tally.add(c.type(), StatsTally.Count.STARTED, 1));
            tally.write(tx, dialect.statsSlot());
        }
        return claimed;
    }

    private List<Claimed> claimInOrder(Tx tx, TaskClaim claim) throws SQLException {
        List<UserScope> steps = UserScope.steps(claim.users());
        List<Claimed> claimed = new ArrayList<>();
        for (UserScope step : steps) {
            int left = claim.limit() - claimed.size();
            if (left == 0 || (step.only() != null && step.only().isEmpty())) {
                continue;
            }
            List<Claimed> batch = new ArrayList<>(left);
            try (ResultSet rs = ClaimStatement.prepare(tx, "task_claim", claim, step, left)
                    .set("late_lane", DispatchKey.LATE_LANE)
                    .set("late_share", (long) lateLane.share(claim.queue(), left))
                    .query()) {
                while (rs.next()) {
                    batch.add(claimed(rs, claim));
                }
            }
            batch.sort(Claimed.IN_DISPATCH_ORDER);
            claimed.addAll(batch);
        }
        if (claimed.isEmpty()) {
            QueueRow queue = QueueRow.read(tx, claim.queue());
            return queue.discipline() == Discipline.FAIR && !queue.suspended() && !QueueSettings.serverSuspended(tx)
                    ? FairClaim.run(tx, claim, queue, steps, rs -> claimed(rs, claim))
                    : claimed;
        }
        byte[] largest =
                claimed.stream().map(Claimed::key).max(Arrays::compareUnsigned).orElseThrow();
        advanceRaceClock(tx, claim.queue(), largest);
        return claimed;
    }

    @Override
    public Optional<LeasedTask> taskClaimById(TaskClaimById claim) {
        return write(tx -> {
            ById got = leaseById(tx, claim);
            if (got.full() != null) {
                // thrown inside the transaction, so the lease is undone with it
                throw new ProfileFullException("task " + claim.taskId() + ": profile "
                        + got.full().key() + " has no room for its " + got.units() + " unit(s) now");
            }
            return Optional.ofNullable(got.task());
        });
    }

    /**
     * A task leased by its id and counted against its profile: the leased task, or the profile that had no room for
     * its units (the lease then given back within the transaction), or neither when the task was not ready.
     */
    private record ById(LeasedTask task, Profile full, int units) {}

    private ById leaseById(Tx tx, TaskClaimById claim) throws SQLException {
        tx.prepare("task_claim_by_id_lock_user")
                .set("id", claim.taskId())
                .query()
                .close();
        Claimed row;
        try (ResultSet rs = tx.prepare("task_claim_by_id")
                .set("owner", claim.owner())
                .set("account", claim.account())
                .set("token", claim.token())
                .set("now", claim.now())
                .set("lease_ms", claim.leaseMillis())
                .set("id", claim.taskId())
                .query()) {
            if (!rs.next()) {
                return new ById(null, null, 0);
            }
            row = Claimed.read(rs, Rows.leased(rs, claim.leaseMillis()));
        }
        profiles = profiles.current(tx);
        Profile governing = profiles.governing(row.type(), row.jobType());
        LeasedTask leased = row.task();
        if (governing != null) {
            List<Claimed> admitted = ProfiledClaim.run(tx, claim.asClaim(), profiles, once(row));
            if (admitted.isEmpty()) {
                return new ById(null, governing, row.units());
            }
            leased = admitted.get(0).task();
        }
        StatsTally tally = new StatsTally(claim.now());
        tally.add(row.type(), StatsTally.Count.STARTED, 1);
        tally.write(tx, dialect.statsSlot());
        return new ById(leased, null, row.units());
    }

    /** A lessor that answers one row already leased, then nothing. */
    private static ProfiledClaim.Lessor once(Claimed row) {
        List<Claimed> rows = new ArrayList<>(List.of(row));
        return step -> {
            List<Claimed> now = List.copyOf(rows);
            rows.clear();
            return now;
        };
    }

    @Override
    public LeasedInsert taskInsertLeased(TaskRow row, CallerLease lease) {
        return write(tx -> {
            InsertBatch batch = insertRows(tx, List.of(row));
            EnqueueResult inserted = batch.results().get(0);
            if (!inserted.created() || inserted.task().state() != TaskState.READY) {
                return new LeasedInsert(batch, null);
            }
            return new LeasedInsert(
                    batch, leaseById(tx, lease.of(inserted.id())).task());
        });
    }

    @Override
    public List<Lease> taskLeaseExtend(LeaseExtension extension) {
        return write(tx -> {
            List<Lease> held = new ArrayList<>();
            Statement st = tx.prepare("task_lease_extend");
            for (LeaseExtension.LeaseRef ref : extension.leases()) {
                try (ResultSet rs = st.set("now", extension.now())
                        .set("lease_ms", extension.leaseMillis())
                        .set("id", ref.taskId())
                        .set("token", ref.token())
                        .query()) {
                    if (rs.next()) {
                        held.add(new Lease(
                                rs.getLong("id"),
                                rs.getString("lease_owner"),
                                rs.getString("lease_token"),
                                Rows.instant(rs, "lease_expires_at"),
                                Duration.ofMillis(rs.getLong("granted_ms"))));
                    }
                }
            }
            return held;
        });
    }

    // --- settling ------------------------------------------------------------------------------------------------

    @Override
    public SettleBatch taskSettleMany(List<Settlement> settlements, Instant now) {
        return write(tx -> settle(tx, settlements, now));
    }

    private SettleBatch settle(Tx tx, List<Settlement> settlements, Instant now) throws SQLException {
        for (Settlement s : settlements) {
            if (s.unitsUsed() != null) {
                String refunded = ProfileSql.refund(tx, s.taskId(), s.token(), s.unitsUsed());
                if (refunded != null) {
                    profiles.forgetSpent(refunded);
                }
            }
        }
        List<SettledRow> rows = settleRows(tx, settlements, now);
        JobDeltas deltas = new JobDeltas();
        Set<String> ready = new LinkedHashSet<>();
        Map<Outcome, List<Long>> endedWithDependents = new LinkedHashMap<>();
        List<AckResult> results = new ArrayList<>(settlements.size());
        StatsTally tally = new StatsTally(now);
        for (int i = 0; i < settlements.size(); i++) {
            Settlement s = settlements.get(i);
            SettledRow row = rows.get(i);
            if (row == null) {
                results.add(AckResult.leaseLost(s.taskId()));
                continue;
            }
            LifecycleEvents.settled(tx, s, row, now, tally);
            if (s.jobInfo() != null) {
                if (row.jobId() == null) {
                    throw new InvalidRequestException("jobInfo", "task " + s.taskId() + " belongs to no job");
                }
                jobInfoUpdate(tx, row.jobId(), s.jobInfo());
            }
            List<Long> enqueued = List.of();
            if (!s.enqueue().isEmpty()) {
                InsertBatch batch = insertRows(tx, s.enqueue());
                enqueued = batch.results().stream().map(EnqueueResult::id).toList();
                ready.addAll(batch.readyQueues());
            }
            if (s.target() == TaskState.FINISHED) {
                deltas.add(row.jobId(), s.outcome());
                if (row.hasDependents()) {
                    endedWithDependents
                            .computeIfAbsent(s.outcome(), k -> new ArrayList<>())
                            .add(s.taskId());
                }
            }
            // A task ready again wakes its queue's waiting claims; so does any fair task's lease ending, since its
            // owner may have been at its concurrency cap, with tasks waiting that no claim could take until now.
            if (s.target() == TaskState.READY || row.fair()) {
                ready.add(row.queue());
            }
            results.add(new AckResult(s.taskId(), true, s.target(), s.outcome(), enqueued));
        }
        Dependents.afterEnded(tx, endedWithDependents, now, deltas, ready);
        List<JobInfo> finished = applyJobDeltas(tx, deltas, now, ready);
        tally.write(tx, dialect.statsSlot());
        return new SettleBatch(results, finished, ready, null);
    }

    /**
     * A task row a settlement moved: its job and queue.
     *
     * @param jobId null for a task outside any job
     * @param fair whether it was a fair queue's task, whose lease ending gives its owner room under a concurrency cap
     * @param type the task's type, for the hourly statistics
     * @param units the task's units; {@code grantedUnits} those a profile granted at its claim (null: none did)
     */
    public record SettledRow(
            Long jobId,
            String queue,
            boolean fair,
            boolean hasDependents,
            String type,
            int units,
            Integer grantedUnits) {
        /**
         * The row a settling statement answered: its {@code job_id}, {@code queue}, {@code fair},
         * {@code has_dependents}, {@code type}, {@code units} and {@code granted_units}.
         */
        public static SettledRow read(ResultSet rs) throws SQLException {
            Long granted = Rows.nullableLong(rs, "granted_units");
            return new SettledRow(
                    Rows.nullableLong(rs, "job_id"),
                    rs.getString("queue"),
                    rs.getInt("fair") != 0,
                    rs.getInt("has_dependents") != 0,
                    rs.getString("type"),
                    rs.getInt("units"),
                    granted == null ? null : granted.intValue());
        }

        /** The units an attempt used: what its acknowledgement reported, else what it was granted, else its own. */
        int unitsUsed(Integer reported) {
            return reported != null ? reported : grantedUnits != null ? grantedUnits : units;
        }
    }

    /**
     * Applies the compare-and-set of every settlement (the task rows only; job counters, job info and enqueued tasks
     * follow in {@link #settle}), answering one row per settlement in order, null where the lease was lost. The result
     * must equal applying them one by one in order: settlements of distinct tasks go in bulk, and a batch that settles
     * one task twice runs one statement each, so the second sees the first.
     */
    private List<SettledRow> settleRows(Tx tx, List<Settlement> settlements, Instant now) throws SQLException {
        if (settlements.size() > 1 && distinctTasks(settlements)) {
            return settleInBulk(tx, settlements, now);
        }
        List<SettledRow> rows = new ArrayList<>(settlements.size());
        for (Settlement s : settlements) {
            rows.add(s.target() == TaskState.FINISHED ? finishRow(tx, s, now) : rescheduleRow(tx, s));
        }
        return rows;
    }

    /** Tasks of one claim (one lease token) that end with one outcome and say nothing more. */
    private record PlainFinish(String token, Outcome outcome) {
        static PlainFinish of(Settlement s) {
            boolean plain = s.target() == TaskState.FINISHED && s.result() == null && s.message() == null;
            return plain ? new PlainFinish(s.token(), s.outcome()) : null;
        }
    }

    /**
     * The common acknowledgement, a plain finish, needs one short statement per claim token and outcome
     * ({@code task_finish_many}); an acknowledgement batch holds the tasks of a few claims. The rest go to the
     * dialect's general bulk statement.
     */
    private List<SettledRow> settleInBulk(Tx tx, List<Settlement> settlements, Instant now) throws SQLException {
        Map<Long, Integer> positions = new HashMap<>();
        Map<PlainFinish, List<Long>> plain = new LinkedHashMap<>();
        List<Settlement> others = new ArrayList<>();
        for (int i = 0; i < settlements.size(); i++) {
            Settlement s = settlements.get(i);
            positions.put(s.taskId(), i);
            PlainFinish group = PlainFinish.of(s);
            if (group != null) {
                plain.computeIfAbsent(group, g -> new ArrayList<>()).add(s.taskId());
            } else {
                others.add(s);
            }
        }
        SettledRow[] rows = new SettledRow[settlements.size()];
        for (Map.Entry<PlainFinish, List<Long>> group : plain.entrySet()) {
            try (ResultSet rs = tx.prepare("task_finish_many")
                    .set("outcome", group.getKey().outcome().wireName())
                    .set("now", now)
                    .setLongs("ids", group.getValue())
                    .set("token", group.getKey().token())
                    .query()) {
                while (rs.next()) {
                    rows[positions.get(rs.getLong("id"))] = SettledRow.read(rs);
                }
            }
        }
        if (!others.isEmpty()) {
            List<SettledRow> settled = settleRowsInBulk(tx, others, now);
            for (int i = 0; i < others.size(); i++) {
                rows[positions.get(others.get(i).taskId())] = settled.get(i);
            }
        }
        return Arrays.asList(rows);
    }

    /**
     * The compare-and-set of settlements of distinct tasks, of any kind, in one statement, answering one row per
     * settlement in order, null where the lease was lost.
     */
    protected abstract List<SettledRow> settleRowsInBulk(Tx tx, List<Settlement> settlements, Instant now)
            throws SQLException;

    private static boolean distinctTasks(List<Settlement> settlements) {
        Set<Long> seen = new HashSet<>();
        for (Settlement s : settlements) {
            if (!seen.add(s.taskId())) {
                return false;
            }
        }
        return true;
    }

    private static SettledRow finishRow(Tx tx, Settlement s, Instant now) throws SQLException {
        try (ResultSet rs = tx.prepare("task_finish")
                .set("outcome", s.outcome().wireName())
                .set("result", s.result())
                .set("message", s.message())
                .set("now", now)
                .set("id", s.taskId())
                .set("token", s.token())
                .query()) {
            return rs.next() ? SettledRow.read(rs) : null;
        }
    }

    private static SettledRow rescheduleRow(Tx tx, Settlement s) throws SQLException {
        try (ResultSet rs = tx.prepare("task_reschedule")
                .set("state", s.target().wireName())
                .set("run_at", s.runAt())
                .set("message", s.message())
                .set("refund", s.refundAttempt() ? 1L : 0L)
                .set("id", s.taskId())
                .set("token", s.token())
                .query()) {
            return rs.next() ? SettledRow.read(rs) : null;
        }
    }

    private List<JobInfo> applyJobDeltas(Tx tx, JobDeltas deltas, Instant now, Set<String> ready) throws SQLException {
        List<JobInfo> finished = new ArrayList<>();
        for (Map.Entry<Long, int[]> e : deltas.byJob.entrySet()) {
            int[] c = e.getValue();
            JobInfo job =
                    jobCountAdd(tx, e.getKey(), c[JobDeltas.SUCCEEDED], c[JobDeltas.FAILED], c[JobDeltas.CANCELLED]);
            Outcome outcome = job.failed() == 0 && job.cancelled() == 0 ? Outcome.SUCCEEDED : Outcome.FAILED;
            finishJob(tx, job, outcome, now, ready).ifPresent(finished::add);
        }
        return finished;
    }

    private static JobInfo jobCountAdd(Tx tx, long jobId, int succeeded, int failed, int cancelled)
            throws SQLException {
        try (ResultSet rs = tx.prepare("job_count_add")
                .set("succeeded", (long) succeeded)
                .set("failed", (long) failed)
                .set("cancelled", (long) cancelled)
                .set("id", jobId)
                .query()) {
            if (!rs.next()) {
                throw new IllegalStateException("job " + jobId + " vanished while its tasks were settled");
            }
            return Rows.job(rs);
        }
    }

    /** Ends the job if it is open and has no pending task, inserting its end hooks' tasks. */
    private Optional<JobInfo> finishJob(Tx tx, JobInfo job, Outcome outcome, Instant now, Set<String> ready)
            throws SQLException {
        if (job.state() != JobState.OPEN || job.pending() > 0) {
            return Optional.empty();
        }
        JobInfo ended;
        try (ResultSet rs = tx.prepare("job_finish")
                .set("outcome", outcome.wireName())
                .set("now", now)
                .set("id", job.id())
                .query()) {
            if (!rs.next()) {
                return Optional.empty();
            }
            ended = Rows.job(rs);
        }
        LifecycleEvents.jobFinished(tx, ended, now);
        List<TaskRow> notices = jobEndHook.tasksFor(ended);
        if (!notices.isEmpty()) {
            ready.addAll(insertRows(tx, notices, false).readyQueues());
        }
        return Optional.of(ended);
    }

    // --- single-task administration ------------------------------------------------------------------------------

    @Override
    public Optional<SettleBatch> taskCancel(long taskId, String reason, Instant now) {
        return write(tx -> {
            Optional<TaskInfo> before = taskGet(tx, taskId);
            if (before.isEmpty()) {
                return Optional.empty();
            }
            if (before.get().state() == TaskState.FINISHED) {
                throw new ConflictException("task " + taskId + " has already finished ("
                        + before.get().status() + ")");
            }
            SettledRow row;
            try (ResultSet rs = tx.prepare("task_cancel")
                    .set("reason", reason)
                    .set("now", now)
                    .set("id", taskId)
                    .query()) {
                rs.next();
                row = SettledRow.read(rs);
            }
            Set<String> ready = new LinkedHashSet<>();
            JobDeltas deltas = new JobDeltas();
            deltas.add(row.jobId(), Outcome.CANCELLED);
            if (row.hasDependents()) {
                Dependents.afterEnded(tx, Map.of(Outcome.CANCELLED, List.of(taskId)), now, deltas, ready);
            }
            List<JobInfo> finished = applyJobDeltas(tx, deltas, now, ready);
            return Optional.of(new SettleBatch(
                    List.of(), finished, ready, taskGet(tx, taskId).orElseThrow()));
        });
    }

    @Override
    public Optional<SettleBatch> taskRetry(long taskId, Instant now) {
        return write(tx -> {
            Optional<TaskInfo> before = taskGet(tx, taskId);
            if (before.isEmpty()) {
                return Optional.empty();
            }
            TaskInfo task = before.get();
            if (task.outcome() != Outcome.FAILED && task.outcome() != Outcome.CANCELLED) {
                throw new ConflictException(
                        "task " + taskId + " is " + task.status() + "; only failed or cancelled tasks can be retried");
            }
            tx.prepare("task_retry").set("now", now).set("id", taskId).query().close();
            if (task.jobId() != null) {
                long failed = task.outcome() == Outcome.FAILED ? 1 : 0;
                long cancelled = 1 - failed;
                JobInfo job = jobGet(tx, task.jobId()).orElseThrow();
                if (job.state() == JobState.FINISHED) {
                    tx.prepare("job_reopen")
                            .set("failed", failed)
                            .set("cancelled", cancelled)
                            .set("id", job.id())
                            .query()
                            .close();
                } else {
                    jobCountAdd(tx, job.id(), 0, (int) -failed, (int) -cancelled);
                }
            }
            return Optional.of(new SettleBatch(
                    List.of(),
                    List.of(),
                    Set.of(task.queue()),
                    taskGet(tx, taskId).orElseThrow()));
        });
    }

    // --- reading tasks -------------------------------------------------------------------------------------------

    @Override
    public Optional<TaskInfo> taskGet(long taskId) {
        return read(tx -> taskGet(tx, taskId));
    }

    private static Optional<TaskInfo> taskGet(Tx tx, long taskId) throws SQLException {
        try (ResultSet rs = tx.prepare("task_get").set("id", taskId).query()) {
            return rs.next() ? Optional.of(Rows.task(rs)) : Optional.empty();
        }
    }

    @Override
    public List<TaskInfo> taskGetMany(List<Long> taskIds) {
        if (taskIds.isEmpty()) {
            return List.of();
        }
        return read(tx -> {
            List<TaskInfo> out = new ArrayList<>();
            try (ResultSet rs =
                    tx.prepare("task_get_many").setLongs("ids", taskIds).query()) {
                while (rs.next()) {
                    out.add(Rows.task(rs));
                }
            }
            return out;
        });
    }

    @Override
    public Page<TaskInfo> taskList(TaskQuery query) {
        TaskListSql list = TaskListSql.of(query);
        return read(tx -> {
            List<TaskInfo> items = new ArrayList<>();
            long lastSortValue = 0;
            boolean more = false;
            try (PreparedStatement ps = tx.prepareDynamic(list.sql())) {
                list.bind(ps);
                try (ResultSet rs = ps.executeQuery()) {
                    while (rs.next()) {
                        if (items.size() == query.limit()) {
                            more = true;
                            break;
                        }
                        items.add(Rows.task(rs));
                        lastSortValue = rs.getLong("sort_value");
                    }
                }
            }
            String next = more
                    ? TaskListSql.encode(
                            query, lastSortValue, items.get(items.size() - 1).id())
                    : null;
            return new Page<>(items, next);
        });
    }

    // --- leases of one worker ------------------------------------------------------------------------------------

    @Override
    public List<LeasedTask> taskLeaseList(String owner, String account) {
        return read(tx -> {
            List<LeasedTask> out = new ArrayList<>();
            try (ResultSet rs = tx.prepare("task_lease_list")
                    .set("owner", owner)
                    .set("account", account)
                    .query()) {
                while (rs.next()) {
                    out.add(Rows.leased(rs, null));
                }
            }
            return out;
        });
    }

    @Override
    public List<LeasedTask> taskLeaseResume(String owner, String account, String token, Instant now, Long leaseMillis) {
        return write(tx -> {
            List<LeasedTask> out = new ArrayList<>();
            try (ResultSet rs = tx.prepare("task_lease_resume")
                    .set("token", token)
                    .set("now", now)
                    .set("lease_ms", leaseMillis)
                    .set("owner", owner)
                    .set("account", account)
                    .query()) {
                while (rs.next()) {
                    out.add(Rows.leased(rs, leaseMillis));
                }
            }
            out.sort((a, b) -> Long.compare(a.id(), b.id()));
            return out;
        });
    }

    @Override
    public List<ExpiredLease> taskLeaseExpired(Instant now, int limit) {
        return read(tx ->
                expiredLeases(tx.prepare("task_lease_expired").set("now", now).set("limit", (long) limit)));
    }

    @Override
    public List<ExpiredLease> taskLeaseOfOwner(String owner, String account) {
        return read(tx -> expiredLeases(
                tx.prepare("task_lease_of_owner").set("owner", owner).set("account", account)));
    }

    private static List<ExpiredLease> expiredLeases(Statement st) throws SQLException {
        List<ExpiredLease> out = new ArrayList<>();
        try (ResultSet rs = st.query()) {
            while (rs.next()) {
                out.add(new ExpiredLease(
                        rs.getLong("id"),
                        rs.getString("lease_token"),
                        rs.getString("type"),
                        rs.getInt("attempts"),
                        rs.getInt("max_attempts")));
            }
        }
        return out;
    }

    // --- parking -------------------------------------------------------------------------------------------------

    @Override
    public int taskPark(TaskSelection selection) {
        return write(tx -> selected(tx, "task_park", selection).update());
    }

    @Override
    public Unparked taskUnpark(TaskSelection selection, Instant now) {
        return write(tx -> {
            int count = 0;
            Set<String> ready = new LinkedHashSet<>();
            try (ResultSet rs =
                    selected(tx, "task_unpark", selection).set("now", now).query()) {
                while (rs.next()) {
                    count++;
                    if (TaskState.parse(rs.getString("state")) == TaskState.READY) {
                        ready.add(rs.getString("queue"));
                    }
                }
            }
            return new Unparked(count, ready);
        });
    }

    /** The statement with the {@code park_if_*} filters the selection asks for, bound. */
    private static Statement selected(Tx tx, String name, TaskSelection selection) throws SQLException {
        record Condition(String filter, String param, Object value) {}
        List<Condition> conditions = Stream.of(
                        new Condition("park_if_ids", "ids", selection.taskIds().isEmpty() ? null : selection.taskIds()),
                        new Condition("park_if_owner", "owner", selection.owner()),
                        new Condition("park_if_queue", "queue", selection.queue()),
                        new Condition("park_if_received_from", "received_from", selection.receivedFrom()),
                        new Condition("park_if_received_to", "received_to", selection.receivedTo()))
                .filter(c -> c.value() != null)
                .toList();
        Statement st =
                tx.prepare(name, conditions.stream().map(Condition::filter).toList());
        for (Condition c : conditions) {
            st.setValue(c.param(), c.value());
        }
        return st;
    }

    // --- maintenance ---------------------------------------------------------------------------------------------

    @Override
    public int jobLateMove(Instant now, int limit) {
        return write(tx -> LateJobs.move(tx, now, limit));
    }

    @Override
    public Expired taskExpireDue(Instant now, int limit) {
        return write(tx -> {
            JobDeltas deltas = new JobDeltas();
            Set<String> ready = new LinkedHashSet<>();
            List<Long> withDependents = new ArrayList<>();
            List<SettledRow> expired = new ArrayList<>();
            try (ResultSet rs = tx.prepare("task_expire_due")
                    .set("now", now)
                    .set("limit", (long) limit)
                    .query()) {
                while (rs.next()) {
                    SettledRow row = SettledRow.read(rs);
                    expired.add(row);
                    deltas.add(row.jobId(), Outcome.EXPIRED);
                    if (row.hasDependents()) {
                        withDependents.add(rs.getLong("id"));
                    }
                }
            }
            if (!withDependents.isEmpty()) {
                Dependents.afterEnded(tx, Map.of(Outcome.EXPIRED, withDependents), now, deltas, ready);
            }
            List<JobInfo> finished = applyJobDeltas(tx, deltas, now, ready);
            LifecycleEvents.expired(tx, expired, now, dialect.statsSlot());
            return new Expired(expired.size(), new SettleBatch(List.of(), finished, ready, null));
        });
    }

    @Override
    public Set<String> taskPromoteDue(Instant now, int limit) {
        return write(tx -> {
            Set<String> queues = new LinkedHashSet<>();
            try (ResultSet rs = tx.prepare("task_promote_due")
                    .set("now", now)
                    .set("limit", (long) limit)
                    .query()) {
                while (rs.next()) {
                    queues.add(rs.getString("queue"));
                }
            }
            return queues;
        });
    }

    @Override
    public Optional<Instant> taskNextRunAt() {
        return read(tx -> {
            try (ResultSet rs = tx.prepare("task_next_run_at").query()) {
                return rs.next() ? Optional.ofNullable(Rows.instant(rs, "next_run_at")) : Optional.empty();
            }
        });
    }

    @Override
    public Optional<Instant> taskNextRunAt(String queue, Set<String> types) {
        return read(tx -> {
            try (ResultSet rs =
                    ofTypes(tx.prepare("task_next_run_at_of"), queue, types).query()) {
                return rs.next() ? Optional.ofNullable(Rows.instant(rs, "next_run_at")) : Optional.empty();
            }
        });
    }

    @Override
    public long taskReadyCount(String queue, Set<String> types) {
        return read(tx -> {
            try (ResultSet rs =
                    ofTypes(tx.prepare("task_ready_count"), queue, types).query()) {
                rs.next();
                return rs.getLong("n");
            }
        });
    }

    private static Statement ofTypes(Statement st, String queue, Set<String> types) throws SQLException {
        return st.set("queue", queue).set("any_type", types.isEmpty() ? 1L : 0L).setTexts("types", types);
    }

    @Override
    public TaskPruned taskPrune(Instant cutoff, int limit) {
        return write(tx -> {
            int count = 0;
            List<String> blobs = new ArrayList<>();
            try (ResultSet rs = tx.prepare("task_prune")
                    .set("cutoff", cutoff)
                    .set("limit", (long) limit)
                    .query()) {
                while (rs.next()) {
                    count++;
                    String key = rs.getString("blob_key");
                    if (key != null) {
                        blobs.add(key);
                    }
                }
            }
            return new TaskPruned(count, blobs);
        });
    }

    @Override
    public Set<String> taskBlobReferenced(Collection<String> keys) {
        if (keys.isEmpty()) {
            return Set.of();
        }
        return read(tx -> {
            Set<String> referenced = new HashSet<>();
            try (ResultSet rs =
                    tx.prepare("task_blob_referenced").setTexts("keys", keys).query()) {
                while (rs.next()) {
                    referenced.add(rs.getString("blob_key"));
                }
            }
            return referenced;
        });
    }

    @Override
    public List<String> taskBlobRelease(List<Long> taskIds, Set<String> types, Instant now) {
        if (taskIds.isEmpty() || types.isEmpty()) {
            return List.of();
        }
        return write(tx -> {
            List<String> keys = new ArrayList<>();
            try (ResultSet rs = tx.prepare("task_blob_release")
                    .set("now", now)
                    .setLongs("ids", taskIds)
                    .setTexts("types", types)
                    .query()) {
                while (rs.next()) {
                    keys.add(rs.getString("blob_key"));
                }
            }
            return keys;
        });
    }

    @Override
    public int jobPrune(Instant cutoff, int limit) {
        return write(tx -> tx.prepare("job_prune")
                .set("cutoff", cutoff)
                .set("limit", (long) limit)
                .update());
    }

    // --- deadlines and events ------------------------------------------------------------------------------------

    @Override
    public List<DeadlineDue> taskDeadlineDue(int raised, Instant until, int limit) {
        return read(tx -> DeadlineSql.taskDue(tx, raised, until, limit));
    }

    @Override
    public List<DeadlineDue> jobDeadlineDue(int raised, Instant until, int limit) {
        return read(tx -> DeadlineSql.jobDue(tx, raised, until, limit));
    }

    @Override
    public Optional<Instant> deadlineNext(int raised) {
        return read(tx -> DeadlineSql.next(tx, raised));
    }

    @Override
    public DeadlineRaised deadlineRaise(List<DeadlineRaise> raises) {
        return write(tx -> {
            List<DeadlineNotice> raised = new ArrayList<>();
            List<TaskRow> alerts = new ArrayList<>();
            for (DeadlineRaise raise : raises) {
                if (DeadlineSql.mark(tx, raise)) {
                    raised.add(raise.notice());
                    EventSql.insert(tx, raise.event());
                    alerts.addAll(raise.alerts());
                }
            }
            Set<String> ready =
                    alerts.isEmpty() ? Set.of() : insertRows(tx, alerts).readyQueues();
            return new DeadlineRaised(raised, ready);
        });
    }

    @Override
    public void profileUpsert(Profile profile, Instant now) {
        adminWrite(tx -> {
            ProfileSql.upsert(tx, profile, now);
            return null;
        });
    }

    @Override
    public boolean profileDelete(String key, Instant now) {
        return adminWrite(tx -> ProfileSql.delete(tx, key, now));
    }

    @Override
    public List<Profile> profileList() {
        return read(tx -> profiles = profiles.current(tx)).all();
    }

    @Override
    public List<ProfileStatus> profileStatus(Instant now, LoadReadings load) {
        return read(tx -> ProfileSql.status(tx, profiles = profiles.current(tx), now, load));
    }

    @Override
    public void loadRecord(String signal, Instant hour, double value) {
        write(tx -> {
            ProfileSql.loadRecord(tx, signal, hour, value);
            return null;
        });
    }

    @Override
    public double loadMean(String signal, List<Instant> hours) {
        return read(tx -> ProfileSql.loadMean(tx, signal, hours));
    }

    @Override
    public int profileHoursPrune(Instant cutoff) {
        return write(
                tx -> tx.prepare("profile_hours_prune").set("cutoff", cutoff).update()
                        + tx.prepare("load_hours_prune").set("cutoff", cutoff).update());
    }

    // --- schedules -----------------------------------------------------------------------------------------------

    @Override
    public ScheduleInfo scheduleUpsert(Schedule schedule, Instant nextFireAt, Instant now) {
        return adminWrite(tx -> ScheduleSql.upsert(tx, schedule, nextFireAt, now));
    }

    @Override
    public List<ScheduleInfo> scheduleList() {
        return read(ScheduleSql::list);
    }

    @Override
    public Optional<ScheduleInfo> scheduleGet(String name) {
        return read(tx -> ScheduleSql.get(tx, name));
    }

    @Override
    public Optional<ScheduleInfo> schedulePause(String name, boolean paused, Instant nextFireAt, Instant now) {
        return adminWrite(tx -> ScheduleSql.pause(tx, name, paused, nextFireAt, now));
    }

    @Override
    public boolean scheduleDelete(String name, Instant now) {
        return adminWrite(tx -> ScheduleSql.delete(tx, name, now));
    }

    @Override
    public List<ScheduleInfo> scheduleDue(Instant now, int limit) {
        return read(tx -> ScheduleSql.due(tx, now, limit));
    }

    @Override
    public Optional<Instant> scheduleNextFireAt() {
        return read(ScheduleSql::nextFireAt);
    }

    @Override
    public Optional<InsertBatch> scheduleFire(ScheduleFiring firing) {
        return write(tx -> {
            if (!ScheduleSql.claim(tx, firing)) {
                return Optional.empty();
            }
            InsertBatch batch =
                    firing.rows().isEmpty() ? new InsertBatch(List.of(), Set.of()) : insertRows(tx, firing.rows());
            ScheduleSql.fired(tx, firing, batch);
            return Optional.of(batch);
        });
    }

    // --- processors ----------------------------------------------------------------------------------------------

    @Override
    public ProcessorInfo processorDefine(ProcessorDefinition definition, Instant now) {
        return adminWrite(tx -> ProcessorSql.define(tx, definition, now));
    }

    @Override
    public List<ProcessorInfo> processorList() {
        return read(ProcessorSql::list);
    }

    @Override
    public Optional<ProcessorInfo> processorGet(String name) {
        return read(tx -> ProcessorSql.get(tx, name));
    }

    @Override
    public Optional<ProcessorInfo> processorStart(String name, boolean started, Instant now) {
        return adminWrite(tx -> ProcessorSql.start(tx, name, started, now));
    }

    @Override
    public boolean processorDelete(String name, Instant now) {
        return adminWrite(tx -> ProcessorSql.delete(tx, name, now));
    }

    @Override
    public void processorRunSave(String node, Map<String, ProcessorRun> runs, Instant now) {
        write(tx -> {
            ProcessorSql.saveRuns(tx, node, runs, now);
            return null;
        });
    }

    // --- accounts ------------------------------------------------------------------------------------------------

    @Override
    public Optional<AccountRecord> accountInsert(NewAccount account, String passwordHash, Instant now) {
        ownerLimits = null;
        return write(tx -> AccountSql.one(tx.prepare("account_insert")
                .set("name", account.name())
                .set("roles", AccountSql.rolesText(account.roles()))
                .set("password_hash", passwordHash)
                .set("pending_limit", AccountSql.limit(account.pendingLimit()))
                .set("submits_per_minute", AccountSql.limit(account.submitsPerMinute()))
                .set("now", now)));
    }

    @Override
    public Optional<AccountRecord> accountGet(String name) {
        return read(tx -> AccountSql.one(tx.prepare("account_get").set("name", name)));
    }

    @Override
    public List<AccountRecord> accountList() {
        return read(tx -> AccountSql.list(tx.prepare("account_list")));
    }

    @Override
    public Optional<AccountRecord> accountSetRoles(String name, Set<Role> roles, Instant now) {
        return write(tx -> AccountSql.one(tx.prepare("account_set_roles")
                .set("roles", AccountSql.rolesText(roles))
                .set("now", now)
                .set("name", name)));
    }

    @Override
    public Optional<AccountRecord> accountSetPassword(String name, String passwordHash, Instant now) {
        return write(tx -> {
            tx.prepare("token_delete_sessions").set("account", name).update();
            return AccountSql.one(tx.prepare("account_set_password")
                    .set("password_hash", passwordHash)
                    .set("now", now)
                    .set("name", name));
        });
    }

    @Override
    public Optional<AccountRecord> accountSetLimits(
            String name, Integer pendingLimit, Integer submitsPerMinute, Instant now) {
        ownerLimits = null;
        return write(tx -> AccountSql.one(tx.prepare("account_set_limits")
                .set("pending_limit", AccountSql.limit(pendingLimit))
                .set("submits_per_minute", AccountSql.limit(submitsPerMinute))
                .set("now", now)
                .set("name", name)));
    }

    @Override
    public Optional<AccountRecord> accountSetDisabled(String name, boolean disabled, Instant now) {
        return write(tx -> AccountSql.one(tx.prepare("account_set_disabled")
                .set("disabled", disabled ? 1L : 0L)
                .set("now", now)
                .set("name", name)));
    }

    @Override
    public void tokenInsert(TokenRow token) {
        write(tx -> {
            AccountSql.insertToken(tx, token);
            return null;
        });
    }

    @Override
    public Optional<TokenHolder> tokenLookup(String digest) {
        return read(tx -> AccountSql.lookup(tx, digest));
    }

    @Override
    public List<TokenInfo> tokenList(String account) {
        return read(tx -> AccountSql.tokens(tx, account));
    }

    @Override
    public boolean tokenDelete(String account, String id) {
        return write(tx ->
                tx.prepare("token_delete").set("account", account).set("id", id).update() > 0);
    }

    @Override
    public int tokenPrune(Instant now) {
        return write(tx -> tx.prepare("token_prune").set("now", now).update());
    }

    @Override
    public AccountDefaults accountDefaults() {
        return read(OwnerLimits::defaults);
    }

    @Override
    public void accountDefaultsPut(AccountDefaults defaults, Instant now) {
        write(tx -> {
            putSetting(tx, OwnerLimits.DEFAULT_PENDING, defaults.pendingLimit(), now);
            putSetting(tx, OwnerLimits.DEFAULT_PER_MINUTE, defaults.submitsPerMinute(), now);
            return null;
        });
        ownerLimits = null;
    }

    private static void putSetting(Tx tx, String name, Integer value, Instant now) throws SQLException {
        if (value == null) {
            tx.prepare("setting_delete").set("name", name).update();
        } else {
            tx.prepare("setting_put")
                    .set("name", name)
                    .set("value", value.toString())
                    .set("now", now)
                    .update();
        }
    }

    @Override
    public int ownerMinutesPrune(Instant cutoff) {
        return write(
                tx -> tx.prepare("owner_minutes_prune").set("cutoff", cutoff).update());
    }

    @Override
    public List<TideEvent> eventList(EventQuery query) {
        return read(tx -> EventSql.list(tx, query));
    }

    @Override
    public int eventPrune(Instant cutoff, int limit) {
        return write(tx -> EventSql.prune(tx, cutoff, limit));
    }

    @Override
    public void eventInsert(EventRow event) {
        write(tx -> {
            EventSql.insert(tx, event);
            return null;
        });
    }

    // --- statistics and the digest -------------------------------------------------------------------------------

    @Override
    public List<HourlyStats> statsList(StatsQuery query) {
        return read(tx -> StatsSql.list(tx, query));
    }

    @Override
    public int statsPrune(Instant cutoff, int limit) {
        return write(tx -> StatsSql.prune(tx, cutoff, limit));
    }

    @Override
    public IntakeStatus intakeGet() {
        return read(IntakeSql::get);
    }

    @Override
    public IntakeStatus intakeSwitch(boolean enabled, Instant now) {
        return write(tx -> IntakeSql.switchTo(tx, enabled, now));
    }

    @Override
    public void intakeRecord(IntakePass pass) {
        write(tx -> {
            IntakeSql.record(tx, pass);
            return null;
        });
    }

    @Override
    public Optional<Instant> digestLastSent() {
        return read(DigestSql::lastSent);
    }

    @Override
    public DigestReport digestReport(Instant since, Instant until, int latest) {
        return read(tx -> DigestSql.report(tx, since, until, latest));
    }

    @Override
    public Optional<InsertBatch> digestAdvance(DigestAdvance advance) {
        return write(tx -> {
            if (!DigestSql.advance(tx, advance)) {
                return Optional.empty();
            }
            if (advance.task() == null) {
                return Optional.of(new InsertBatch(List.of(), Set.of()));
            }
            InsertBatch batch = insertRows(tx, List.of(advance.task()), false);
            EventRow event = advance.event();
            String detail = "{\"taskId\":" + batch.results().get(0).id() + ","
                    + event.detail().substring(1);
            EventSql.insert(tx, new EventRow(event.at(), event.kind(), null, null, event.queue(), detail));
            return Optional.of(batch);
        });
    }

    @Override
    public StatusReport status(int openJobLimit) {
        return read(tx -> {
            Map<String, QueueCounts> byQueue = new TreeMap<>();
            try (ResultSet rs = tx.prepare("status_queues").query()) {
                while (rs.next()) {
                    String outcome = rs.getString("outcome");
                    byQueue.computeIfAbsent(rs.getString("queue"), QueueCounts::new)
                            .add(
                                    TaskState.parse(rs.getString("state")),
                                    outcome == null ? null : Outcome.parse(outcome),
                                    rs.getLong("n"));
                }
            }
            List<StatusReport.QueueDepth> queues =
                    byQueue.values().stream().map(QueueCounts::depth).toList();
            List<JobInfo> jobs = new ArrayList<>();
            try (ResultSet rs = tx.prepare("status_open_jobs")
                    .set("limit", (long) openJobLimit)
                    .query()) {
                while (rs.next()) {
                    jobs.add(Rows.job(rs));
                }
            }
            return new StatusReport(queues, jobs, QueueSettings.serverSuspended(tx));
        });
    }

    /** Where a finished task counts in a queue's depth: succeeded 0, failed 1, ended without running (cancelled) 2. */
    @Override
    public OptionalLong taskCount(String queue, TaskState state) {
        return read(tx -> {
            try (ResultSet rs = tx.prepare("task_count")
                    .set("queue", queue)
                    .set("state", state.wireName())
                    .query()) {
                return rs.next() ? OptionalLong.of(rs.getLong("n")) : OptionalLong.empty();
            }
        });
    }
}
