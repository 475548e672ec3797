package dev.tide.core.store.jdbc;

import dev.tide.api.EnqueueResult;
import dev.tide.api.JobInfo;
import dev.tide.api.TaskState;
import dev.tide.core.store.CallerLease;
import dev.tide.core.store.InsertBatch;
import dev.tide.core.store.JobInsertResult;
import dev.tide.core.store.JobRow;
import dev.tide.core.store.LeasedInsert;
import dev.tide.core.store.TaskInserts;
import dev.tide.core.store.TaskRow;
import java.sql.ResultSet;
import java.util.List;

/**
 * The enqueue transactions: tasks, a job with its first tasks, and a task leased to its caller as it is inserted.
 */
public final class JdbcTaskInserts implements TaskInserts {
    private final Database db;
    private final TaskInsertion insertion;
    private final TaskClaiming claiming;

    JdbcTaskInserts(Database db, TaskInsertion insertion, TaskClaiming claiming) {
        this.db = db;
        this.insertion = insertion;
        this.claiming = claiming;
    }

    @Override
    public JobInsertResult jobInsert(JobRow job, List<TaskRow> tasks) {
        return db.write(tx -> {
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
            InsertBatch batch = insertion.insertRows(tx, rows);
            List<Long> ids = batch.results().stream().map(EnqueueResult::id).toList();
            return new JobInsertResult(JobLedger.jobGet(tx, created.id()).orElseThrow(), ids, batch.readyQueues());
        });
    }

    @Override
    public InsertBatch taskInsertMany(List<TaskRow> rows) {
        return db.write(tx -> insertion.insertRows(tx, rows));
    }

    @Override
    public LeasedInsert taskInsertLeased(TaskRow row, CallerLease lease) {
        return db.write(tx -> {
            InsertBatch batch = insertion.insertRows(tx, List.of(row));
            EnqueueResult inserted = batch.results().get(0);
            if (!inserted.created() || inserted.task().state() != TaskState.READY) {
                return new LeasedInsert(batch, null);
            }
            return new LeasedInsert(
                    batch, claiming.leaseById(tx, lease.of(inserted.id())).task());
        });
    }
}
