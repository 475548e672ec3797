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
 * <p>Every statement is committed on its own, as a queue's must be: a claim before its tasks are handed out, a
 * completion before it is confirmed.
 */
final class CeilingQueue implements QueueUnderTest {
    private final BenchDatabase database;
    private final DataSource dataSource;
    private final CeilingSql sql;
    private final TideBatches batches;
    private final int loops;

    CeilingQueue(BenchDatabase database, TideBatches batches) throws SQLException {
        this.database = database;
        this.batches = batches;
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
        return QueueSystems.CEILING;
    }

    @Override
    public String settings() {
        return "inserts of " + batches.enqueue() + " per transaction; " + loops + " drain loop(s) claiming up to "
                + batches.claim() + " and completing what they claimed, each statement its own transaction";
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
            while (true) {
                Batch claimed = claim(claim, ledger);
                c.commit();
                if (claimed.ids().isEmpty()) {
                    return;
                }
                complete(c, complete, claimed);
                c.commit();
            }
        }
    }

    /** The tasks one claim leased, and the claim's lease token. */
    private record Batch(List<Long> ids, String token) {}

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
