package dev.tide.core.store.jdbc;

import dev.tide.api.JobInfo;
import dev.tide.api.Outcome;
import dev.tide.core.store.Expired;
import dev.tide.core.store.ExpiredLease;
import dev.tide.core.store.Housekeeping;
import dev.tide.core.store.SettleBatch;
import dev.tide.core.store.TaskPruned;
import java.sql.ResultSet;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.DoubleSupplier;

/**
 * The leader's periodic passes over tasks and records, in bounded batches of one transaction each.
 */
public final class JdbcHousekeeping implements Housekeeping {
    private final Database db;
    private final JobLedger jobs;

    JdbcHousekeeping(Database db, JobLedger jobs) {
        this.db = db;
        this.jobs = jobs;
    }

    /**
     * Where one writer runs every transaction (SQLite), without the grace for racing enqueues: each reads the queue's
     * row in its own transaction, so no enqueue can race a change of discipline, and a queue's re-keying ends once no
     * task is left instead of re-keying everything enqueued in the next ten seconds.
     */
    @Override
    public int taskRekey(int limit, Instant settledBefore, DoubleSupplier raceDraws) {
        Instant settled = db.dialect().singleWriter() ? Instant.ofEpochMilli(Long.MAX_VALUE) : settledBefore;
        return db.write(tx -> Rekeying.run(tx, limit, settled, raceDraws));
    }

    @Override
    public int fairUsersWake(Instant since) {
        return db.write(tx -> tx.prepare("fair_users_wake").set("since", since).update());
    }

    @Override
    public List<ExpiredLease> taskLeaseExpired(Instant now, int limit) {
        return db.read(tx -> JdbcTaskClaims.expiredLeases(
                tx.prepare("task_lease_expired").set("now", now).set("limit", (long) limit)));
    }

    @Override
    public int jobLateMove(Instant now, int limit) {
        return db.write(tx -> LateJobs.move(tx, now, limit));
    }

    @Override
    public Expired taskExpireDue(Instant now, int limit) {
        return db.write(tx -> {
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
            List<JobInfo> finished = jobs.applyJobDeltas(tx, deltas, now, ready);
            LifecycleEvents.expired(tx, expired, now, db.dialect().statsSlot());
            return new Expired(expired.size(), new SettleBatch(List.of(), finished, ready, null));
        });
    }

    @Override
    public Set<String> taskPromoteDue(Instant now, int limit) {
        return db.write(tx -> {
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
        return db.read(tx -> {
            try (ResultSet rs = tx.prepare("task_next_run_at").query()) {
                return rs.next() ? Optional.ofNullable(Rows.instant(rs, "next_run_at")) : Optional.empty();
            }
        });
    }

    @Override
    public TaskPruned taskPrune(Instant cutoff, int limit) {
        return db.write(tx -> {
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
    public int jobPrune(Instant cutoff, int limit) {
        return db.write(tx -> tx.prepare("job_prune")
                .set("cutoff", cutoff)
                .set("limit", (long) limit)
                .update());
    }

    @Override
    public int eventPrune(Instant cutoff, int limit) {
        return db.write(tx -> EventSql.prune(tx, cutoff, limit));
    }

    @Override
    public int intakeFilePrune(Instant cutoff, int limit) {
        return db.write(tx -> IntakeSql.prune(tx, cutoff, limit));
    }

    @Override
    public int statsPrune(Instant cutoff, int limit) {
        return db.write(tx -> StatsSql.prune(tx, cutoff, limit));
    }
}
