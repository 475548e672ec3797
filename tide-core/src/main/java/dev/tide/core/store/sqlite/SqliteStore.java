package dev.tide.core.store.sqlite;

import dev.tide.api.LeasedTask;
import dev.tide.core.store.JobEndHook;
import dev.tide.core.store.Settlement;
import dev.tide.core.store.StoreException;
import dev.tide.core.store.StoreInfo;
import dev.tide.core.store.TaskClaim;
import dev.tide.core.store.TaskRow;
import dev.tide.core.store.jdbc.JdbcStore;
import dev.tide.core.store.jdbc.Placement;
import dev.tide.core.store.jdbc.Rows;
import dev.tide.core.store.jdbc.SqlWork;
import dev.tide.core.store.jdbc.Statement;
import dev.tide.core.store.jdbc.Tx;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.function.Consumer;
import java.util.function.DoubleSupplier;

/**
 * The embedded store: one SQLite file, written by one {@link GroupCommitWriter} thread, read through a few read-only
 * connections. One process at a time: the engine holds a lock on the data folder (see
 * {@link dev.tide.core.DataFolderLock}).
 */
public final class SqliteStore extends JdbcStore {
    /** The database file's name inside the data folder. */
    public static final String FILE_NAME = "tide.db";

    private final Path file;
    private final GroupCommitWriter writer;
    private final ReadConnections readers;

    private SqliteStore(Path file, JobEndHook hook, int readers) throws SQLException {
        super(new SqliteDialect(), hook);
        this.file = file;
        SqliteConnections connections = new SqliteConnections(file);
        this.writer = new GroupCommitWriter(connections.openWriter(), sql, dialect, 2048);
        this.readers = new ReadConnections(connections, sql, dialect, readers);
    }

    /** Opens (creating if needed) the store in {@code folder}; does not migrate. */
    public static SqliteStore open(Path folder, JobEndHook hook) {
        try {
            Files.createDirectories(folder);
            return new SqliteStore(folder.resolve(FILE_NAME), hook, 4);
        } catch (IOException | SQLException e) {
            throw new StoreException("cannot open SQLite store in " + folder + ": " + e.getMessage(), e);
        }
    }

    @Override
    protected <T> T write(SqlWork<T> work) {
        return writer.submit(work);
    }

    @Override
    protected <T> T read(SqlWork<T> work) {
        return readers.read(work);
    }

    /**
     * Without the grace for racing enqueues: every write of this store runs on its one writer thread and reads the
     * queue's row in its own transaction, so no enqueue can race a change of discipline. A queue's re-keying ends once
     * no task is left, instead of re-keying everything enqueued in the next ten seconds.
     */
    @Override
    public int taskRekey(int limit, Instant settledBefore, DoubleSupplier raceDraws) {
        return super.taskRekey(limit, Instant.ofEpochMilli(Long.MAX_VALUE), raceDraws);
    }

    /**
     * Leases on the writer, which answers only the ids and keys, then reads the leased rows on a reader connection:
     * the single writer thread is what bounds throughput, and reading a claimed task's columns costs more than leasing
     * it.
     */
    @Override
    public List<LeasedTask> taskClaim(TaskClaim claim) {
        List<Long> ids = claimCounted(claim).stream().map(Claimed::id).toList();
        if (ids.isEmpty()) {
            return List.of();
        }
        Map<Long, LeasedTask> byId = read(tx -> {
            Map<Long, LeasedTask> tasks = new HashMap<>();
            try (ResultSet rs = tx.prepare("sqlite_task_claimed_get")
                    .setLongs("ids", ids)
                    .set("token", claim.token())
                    .query()) {
                while (rs.next()) {
                    LeasedTask task = Rows.leased(rs, claim.leaseMillis());
                    tasks.put(task.id(), task);
                }
            }
            return tasks;
        });
        return ids.stream().map(byId::get).filter(Objects::nonNull).toList();
    }

    @Override
    protected Claimed claimed(ResultSet rs, TaskClaim claim) throws SQLException {
        return Claimed.read(rs, null);
    }

    /**
     * One JDBC batch with ids chosen here, rather than one statement per row answering its id: sqlite-jdbc runs a batch
     * in one native call, which halves the writer's time per inserted task.
     */
    @Override
    protected List<Long> insertTaskRows(Tx tx, List<TaskRow> rows, List<Placement> placements) throws SQLException {
        long first;
        try (ResultSet rs = tx.prepare("sqlite_task_next_id").query()) {
            rs.next();
            first = rs.getLong(1);
        }
        Statement insert = tx.prepare("sqlite_task_insert_with_id");
        for (int i = 0; i < rows.size(); i++) {
            TaskRow row = rows.get(i);
            insert.set("id", first + i)
                    .set("queue", row.queue())
                    .set("type", row.type())
                    .set("job_id", row.jobId())
                    .set("owner", row.owner())
                    .set("payload", row.storedPayload())
                    .set("blob_store", row.blob() == null ? null : row.blob().store())
                    .set("blob_key", row.blob() == null ? null : row.blob().key())
                    .set("blob_sha256", row.blob() == null ? null : row.blob().sha256())
                    .set("priority", (long) row.priority())
                    .set("weight", row.weight())
                    .set("dispatch_key", placements.get(i).key())
                    .set("fair", placements.get(i).fair() ? 1L : 0L)
                    .set("payload_bytes", (long) row.payloadBytes())
                    .set("run_at", row.runAt())
                    .set("deadline", row.deadline())
                    .set("state", row.initialState().wireName())
                    .set("max_attempts", (long) row.maxAttempts())
                    .set("lease_ms", row.leaseMillis())
                    .set("idempotency_key", row.idempotencyKey())
                    .set("created_at", row.createdAt())
                    .set("expires_at", row.expiresAt())
                    .set("run_anyway", row.dependencies().runAnyway() ? 1L : 0L)
                    .set("coalescing_key", row.coalescingKey())
                    .set("bounded", placements.get(i).bounded() ? 1L : 0L)
                    .set("job_type", row.jobType())
                    .set("units", (long) row.units())
                    .set("divisible", row.divisible() ? 1L : 0L)
                    .addBatch();
        }
        int[] inserted = insert.executeBatch();
        List<Long> ids = new ArrayList<>(rows.size());
        for (int i = 0; i < rows.size(); i++) {
            ids.add(inserted[i] > 0 ? first + i : null);
        }
        return ids;
    }

    @Override
    protected List<SettledRow> settleRowsInBulk(Tx tx, List<Settlement> settlements, Instant now) throws SQLException {
        return SqliteBulk.settle(tx, settlements, now);
    }

    @Override
    public StoreInfo info() {
        return new StoreInfo("sqlite", false, file.toString());
    }

    /** Commit latency and group sizes of the writer. */
    public CommitStats.Snapshot commitStats() {
        return writer.stats().snapshot();
    }

    /** Reads a pragma on the writer connection, e.g. {@code synchronous} (2 means FULL). */
    public String writerPragma(String name) {
        return writer.pragma(name);
    }

    /** EXPLAIN QUERY PLAN of a named statement, one line per plan step; for tests of index use. */
    public List<String> explain(String statement) {
        return read(tx -> {
            String jdbcSql = sql.get(statement).jdbcSql();
            List<String> plan = new ArrayList<>();
            try (var ps = tx.connection().prepareStatement("EXPLAIN QUERY PLAN " + jdbcSql)) {
                int count = ps.getParameterMetaData().getParameterCount();
                for (int i = 1; i <= count; i++) {
                    ps.setObject(i, null);
                }
                try (var rs = ps.executeQuery()) {
                    while (rs.next()) {
                        plan.add(rs.getString("detail"));
                    }
                }
            }
            return plan;
        });
    }

    @Override
    public boolean leaderTryAcquire() {
        return true;
    }

    @Override
    public void leaderRelease() {}

    @Override
    public void readySubscribe(Consumer<String> listener) {}

    @Override
    public void readyPublish(Set<String> queues) {}

    @Override
    public void close() {
        writer.close();
        readers.close();
    }
}
