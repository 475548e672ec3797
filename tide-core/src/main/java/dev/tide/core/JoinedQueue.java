package dev.tide.core;

import dev.tide.api.TaskQueue;
import dev.tide.core.store.jdbc.JoinedTransaction;
import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.sql.Connection;
import java.sql.SQLException;

/**
 * A {@link TaskQueue} whose every call runs inside one joined transaction: each method of the engine is entered with
 * the calling thread inside the {@link JoinedTransaction}, so that the store's writes and reads all run on its
 * connection (and the in-process effects wait for its commit). The sub-APIs it hands out ({@code queues()},
 * {@code bulk()}, ...) are views of the same kind. {@code close()} closes nothing: the engine is not the view's.
 *
 * <p>A proxy rather than forty delegating methods: every method does the same thing around the engine's own, and a
 * method added to the interface joins without being forgotten here.
 */
final class JoinedQueue implements InvocationHandler {
    private final Object target;
    private final JoinedTransaction joined;
    /**
     * The application's connection, checked before each call: one whose transaction ended has none to join. Null for a
     * transaction Tide opened itself, which lasts as long as the work.
     */
    private final Connection connection;

    private JoinedQueue(Object target, JoinedTransaction joined, Connection connection) {
        this.target = target;
        this.joined = joined;
        this.connection = connection;
    }

    static TaskQueue over(Tide tide, JoinedTransaction joined, Connection connection) {
        return view(TaskQueue.class, tide, joined, connection);
    }

    private static <T> T view(Class<T> type, Object target, JoinedTransaction joined, Connection connection) {
        return type.cast(Proxy.newProxyInstance(
                type.getClassLoader(), new Class<?>[] {type}, new JoinedQueue(target, joined, connection)));
    }

    @SuppressWarnings("try") // the scope puts the thread inside the joined transaction; never read
    @Override
    public Object invoke(Object proxy, Method method, Object[] args) throws Throwable {
        switch (method.getName()) {
            case "close" -> {
                if (method.getParameterCount() == 0) {
                    return null;
                }
            }
            case "toString" -> {
                if (method.getParameterCount() == 0) {
                    return "joined view of " + target;
                }
            }
            case "hashCode" -> {
                if (method.getParameterCount() == 0) {
                    return System.identityHashCode(proxy);
                }
            }
            case "equals" -> {
                if (method.getParameterCount() == 1) {
                    return proxy == args[0];
                }
            }
            default -> {}
        }
        if (connection != null) {
            requireOpenTransaction(connection);
        }
        Object out;
        try (JoinedTransaction.Scope ignored = joined.enter()) {
            out = method.invoke(target, args);
        } catch (InvocationTargetException e) {
            throw e.getCause();
        }
        Class<?> returned = method.getReturnType();
        if (out != null && returned.isInterface() && returned.getPackageName().equals("dev.tide.api")) {
            return view(returned, out, joined, connection);
        }
        return out;
    }

    /** Refuses a connection in autocommit: each statement would commit alone, and nothing would be joined. */
    static void requireOpenTransaction(Connection connection) {
        boolean autocommit;
        try {
            autocommit = connection.getAutoCommit();
        } catch (SQLException e) {
            throw new TransactionJoinException("cannot be used: " + e.getMessage());
        }
        if (autocommit) {
            throw new TransactionJoinException("no open transaction: the connection is in autocommit mode; start a"
                    + " transaction (setAutoCommit(false), or a framework's transaction) before joining it");
        }
    }
}
