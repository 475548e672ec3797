package dev.tide.core.store.jdbc;

import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.sql.CallableStatement;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.function.Supplier;

/**
 * Counts the SQL a store sends, for the test that pins the statements per operation (docs/performance.md, "SQL
 * statements per operation"). Installed while a store opens, it wraps each connection the store's connection provider
 * creates from then on; a store opened without one is never wrapped, so uncounted stores pay one null check per
 * connection and nothing per statement.
 *
 * <p>What is counted: each execution of a statement is one statement, and a JDBC batch is one statement too (one round
 * trip or one native call) whose rows are counted apart. Transaction control is not a statement: a commit (a
 * {@code COMMIT} or {@link Connection#commit()}) is one transaction, a rollback one rollback, and {@code BEGIN},
 * savepoints and their release are left out (SQLite's group commit wraps each unit of work in a savepoint).
 */
public final class SqlCounter {
    private static final Set<String> UNCOUNTED_CONTROL = Set.of("BEGIN", "SAVEPOINT", "RELEASE");
    private static volatile SqlCounter installed;

    private final List<Execution> executions = new ArrayList<>();
    private long transactions;
    private long rollbacks;

    /**
     * One statement sent: its SQL, the rows of a batch ({@code 0} for a single execution), and when
     * ({@link System#nanoTime()}).
     */
    public record Execution(String sql, int batchRows, long atNanos) {}

    /** What was sent between two snapshots. */
    public record Counts(List<Execution> executions, long transactions, long rollbacks) {
        public int statements() {
            return executions.size();
        }

        public long batchRows() {
            return executions.stream().mapToLong(Execution::batchRows).sum();
        }
    }

    /**
     * Runs {@code open} (which opens a store, or an engine on one) with {@code counter} counting on every connection
     * that stores open meanwhile; the store keeps counting on them for its whole life. One at a time: not for stores
     * opened concurrently by other threads.
     */
    public static <T> T opening(SqlCounter counter, Supplier<T> open) {
        installed = counter;
        try {
            return open.get();
        } finally {
            installed = null;
        }
    }

    /** The connection, counted by the installed counter if there is one: called by connection providers. */
    public static Connection counted(Connection connection) {
        SqlCounter counter = installed;
        return counter == null ? connection : counter.wrap(connection);
    }

    /** The counter installed now, or null: for providers that hand out connections long after they opened. */
    public static SqlCounter installed() {
        return installed;
    }

    /** The connection, with every statement it sends counted here. */
    public Connection wrap(Connection connection) {
        return proxy(Connection.class, new ConnectionCounting(connection));
    }

    /** Everything counted so far, in order. */
    public synchronized Counts snapshot() {
        return new Counts(List.copyOf(executions), transactions, rollbacks);
    }

    /** What was counted after {@code earlier}. */
    public synchronized Counts since(Counts earlier) {
        return new Counts(
                List.copyOf(executions.subList(earlier.statements(), executions.size())),
                transactions - earlier.transactions(),
                rollbacks - earlier.rollbacks());
    }

    private synchronized void executed(String sql, int batchRows) {
        String word = firstWord(sql);
        if (word.equals("COMMIT") || word.equals("END")) {
            transactions++;
        } else if (word.equals("ROLLBACK")) {
            // ROLLBACK TO a savepoint undoes one unit of SQLite's group, not a transaction.
            if (!sql.toUpperCase(Locale.ROOT).contains(" TO ")) {
                rollbacks++;
            }
        } else if (!UNCOUNTED_CONTROL.contains(word)) {
            executions.add(new Execution(sql, batchRows, System.nanoTime()));
        }
    }

    private synchronized void committed() {
        transactions++;
    }

    private synchronized void rolledBack() {
        rollbacks++;
    }

    private static String firstWord(String sql) {
        String trimmed = sql.stripLeading();
        int end = 0;
        while (end < trimmed.length() && Character.isLetter(trimmed.charAt(end))) {
            end++;
        }
        return trimmed.substring(0, end).toUpperCase(Locale.ROOT);
    }

    private static <T> T proxy(Class<T> type, InvocationHandler handler) {
        return type.cast(Proxy.newProxyInstance(SqlCounter.class.getClassLoader(), new Class<?>[] {type}, handler));
    }

    private static Object forward(Object target, Method method, Object[] args) throws Throwable {
        try {
            return method.invoke(target, args);
        } catch (InvocationTargetException e) {
            throw e.getCause();
        }
    }

    /** Counts commits and rollbacks, and wraps the statements it hands out. */
    private final class ConnectionCounting implements InvocationHandler {
        private final Connection target;

        ConnectionCounting(Connection target) {
            this.target = target;
        }

        @Override
        public Object invoke(Object proxy, Method method, Object[] args) throws Throwable {
            String name = method.getName();
            if (args == null && name.equals("commit")) {
                Object out = forward(target, method, args);
                committed();
                return out;
            }
            if (args == null && name.equals("rollback")) {
                Object out = forward(target, method, args);
                rolledBack();
                return out;
            }
            Object out = forward(target, method, args);
            return switch (name) {
                case "prepareStatement" ->
                    proxy(PreparedStatement.class, new StatementCounting((Statement) out, (String) args[0]));
                case "prepareCall" ->
                    proxy(CallableStatement.class, new StatementCounting((Statement) out, (String) args[0]));
                case "createStatement" -> proxy(Statement.class, new StatementCounting((Statement) out, null));
                default -> out;
            };
        }
    }

    /** Counts executions of one statement: {@code sql} is a prepared statement's, null for a plain statement's. */
    private final class StatementCounting implements InvocationHandler {
        private final Statement target;
        private final String prepared;
        private final List<String> batch = new ArrayList<>();

        StatementCounting(Statement target, String prepared) {
            this.target = target;
            this.prepared = prepared;
        }

        @Override
        public Object invoke(Object proxy, Method method, Object[] args) throws Throwable {
            // Counted before it is sent: a statement that fails was sent all the same.
            switch (method.getName()) {
                case "execute", "executeQuery", "executeUpdate", "executeLargeUpdate" ->
                    executed(args != null && args.length > 0 && args[0] instanceof String sql ? sql : prepared, 0);
                case "addBatch" -> batch.add(args != null && args.length > 0 ? (String) args[0] : prepared);
                case "executeBatch", "executeLargeBatch" -> {
                    if (!batch.isEmpty()) {
                        executed(batch.get(0), batch.size());
                    }
                    batch.clear();
                }
                case "clearBatch" -> batch.clear();
                default -> {
                    // Setting parameters, reading results, closing: nothing sent that counts.
                }
            }
            return forward(target, method, args);
        }
    }
}
