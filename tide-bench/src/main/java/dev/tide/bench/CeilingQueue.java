package dev.tide.bench;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import javax.sql.DataSource;

/**
 * The storage ceiling: what the database itself allows for the same work, with none of a queue's features. Per task
 * it runs only the SQL a durable queue cannot do without ({@link CeilingSql}), in Tide's batch sizes, with the same
 * durability, in drain loops that each claim a batch and complete it; on PostgreSQL as many loops run at once as the
 * machine has cores, claiming with {@code SKIP LOCKED}.
 *
 * <p>The reference ceiling commits every statement on its own, as a queue must: a claim is committed before its
 * tasks are handed out, and a completion before it is confirmed. The fused variant completes a batch in the same
 * transaction that claims the next, one commit per batch: the most a queue could get out of the database by holding
 * each acknowledgement back until its worker's next claim. It is reported for comparison, not as the reference.
 */
final class CeilingQueue implements QueueUnderTest {
    private final BenchDatabase database;
    private final DataSource dataSource;
    private final CeilingSql sql;
    private final TideBatches batches;
    private final boolean fused;
    private final int loops;

    CeilingQueue(BenchDatabase database, TideBatches batches, boolean fused) throws SQLException {
        this.database = database;
        this.batches = batches;
        this.fused = fused;
        this.sql = CeilingSql.of(database.kind());
        this.loops = database.kind() == BenchDatabase.StoreKind.SQLITE
                ? 1
                : Math.max(2, Runtime.getRuntime().availableProcessors());
        this.dataSource = database.dataSource(loops);
        try (Connection c = dataSource.getConnection();
                Statement st = c.createStatement()) {
            for (String ddl : sql.schema()) {
                st.execute(ddl);
            }
        }
    }

    @Override
    public String system() {
        return fused ? QueueSystems.CEILING_FUSED : QueueSystems.CEILING;
    }

    @Override
    public String settings() {
        return "inserts of " + batches.enqueue() + " per transaction; " + loops + " drain loop(s) claiming up to "
                + batches.claim() + (fused ? ", completing a batch in the transaction of the next claim" : "")
                + ", each statement its own transaction" + (fused ? " otherwise" : "");
    }

    @Override
    public void enqueue(int count) throws SQLException {
        try (Connection c = dataSource.getConnection();
                PreparedStatement insert = c.prepareStatement(sql.insert())) {
            c.setAutoCommit(false);
            for (int from = 0; from < count; from += batches.enqueue()) {
                int to = Math.min(count, from + batches.enqueue());
                if (database.kind() == BenchDatabase.StoreKind.SQLITE) {
                    for (int n = from; n < to; n++) {
                        insert.setString(1, payload(n));
                        insert.addBatch();
                    }
                    insert.executeBatch();
                } else {
                    String[] payloads = new String[to - from];
                    for (int n = from; n < to; n++) {
                        payloads[n - from] = payload(n);
                    }
                    insert.setArray(1, c.createArrayOf("text", payloads));
                    insert.executeUpdate();
                }
                c.commit();
            }
        }
    }

    @Override
    public void drain(int count, Ledger ledger) throws Exception {
        ExecutorService threads = Executors.newFixedThreadPool(loops);
        try {
            List<Future<?>> running = new ArrayList<>();
            for (int i = 0; i < loops; i++) {
                running.add(threads.submit(() -> {
                    drainLoop(ledger);
                    return null;
                }));
            }
            for (Future<?> loop : running) {
                loop.get();
            }
        } finally {
            threads.shutdownNow();
        }
    }

    /** Claims and completes until a claim finds nothing. */
    private void drainLoop(Ledger ledger) throws SQLException {
        try (Connection c = dataSource.getConnection();
                PreparedStatement claim = c.prepareStatement(sql.claim());
                PreparedStatement complete = c.prepareStatement(sql.complete())) {
            c.setAutoCommit(false);
            Batch held = Batch.NONE;
            while (true) {
                if (!fused && !held.ids().isEmpty()) {
                    complete(c, complete, held);
                    c.commit();
                }
                Batch claimed = claim(claim, ledger);
                if (fused && !held.ids().isEmpty()) {
                    complete(c, complete, held);
                }
                c.commit();
                if (claimed.ids().isEmpty()) {
                    return;
                }
                held = claimed;
            }
        }
    }

    /** The tasks one claim leased, and the claim's lease token. */
    private record Batch(List<Long> ids, String token) {
        static final Batch NONE = new Batch(List.of(), null);
    }

    private Batch claim(PreparedStatement claim, Ledger ledger) throws SQLException {
        String token = UUID.randomUUID().toString();
        claim.setString(1, token);
        claim.setLong(2, System.currentTimeMillis() + 300_000);
        claim.setInt(3, batches.claim());
        List<Long> ids = new ArrayList<>(batches.claim());
        try (ResultSet rs = claim.executeQuery()) {
            while (rs.next()) {
                ids.add(rs.getLong(1));
                ledger.record(number(rs.getString(2)));
            }
        }
        return new Batch(ids, token);
    }

    private void complete(Connection c, PreparedStatement complete, Batch batch) throws SQLException {
        if (database.kind() == BenchDatabase.StoreKind.SQLITE) {
            complete.setString(1, batch.ids().toString()); // "[1, 2, 3]" is a JSON array
        } else {
            complete.setArray(1, c.createArrayOf("bigint", batch.ids().toArray()));
        }
        complete.setString(2, batch.token());
        int completed = complete.executeUpdate();
        if (completed != batch.ids().size()) {
            throw new IllegalStateException(
                    "completed " + completed + " of " + batch.ids().size());
        }
    }

    static String payload(int n) {
        return "{\"n\":" + n + "}";
    }

    /** The task number in a payload written by {@link #payload}. */
    static int number(String payload) {
        return Integer.parseInt(payload, payload.indexOf(':') + 1, payload.length() - 1, 10);
    }

    @Override
    public void close() {}
}
