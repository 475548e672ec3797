package dev.tide.spring;

import dev.tide.api.TaskQueue;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.sql.Connection;
import java.util.function.Consumer;
import javax.sql.DataSource;
import org.springframework.jdbc.datasource.DataSourceUtils;
import org.springframework.transaction.support.TransactionSynchronization;
import org.springframework.transaction.support.TransactionSynchronizationManager;

/**
 * WAITING ON THE CORE API: not registered as a bean yet. Once tide-core has {@code Tide.joining(Connection,
 * CommitHooks)}, the auto-configuration registers {@code create(tide, dataSource, (c, hooks) -> tide.joining(c,
 * hooks::accept))} as the application's {@code @Primary TaskQueue}.
 *
 * <p>A {@link TaskQueue} that joins the caller's Spring transaction: inside a {@code @Transactional} method, each call
 * runs on the transaction's own connection (the one {@link DataSourceUtils} binds to the thread), so a row the method
 * saves and the task it enqueues commit together or not at all; what Tide does after a commit (waking workers) runs
 * when Spring's transaction commits. Outside a transaction each call goes to the engine as it is.
 */
public final class TransactionJoiningQueue {
    private TransactionJoiningQueue() {}

    /** How the engine joins an open transaction: {@code tide.joining(connection, afterCommit::accept)}. */
    @FunctionalInterface
    public interface Joiner {
        /** A view running every call in {@code connection}'s open transaction, never committing it. */
        TaskQueue joining(Connection connection, Consumer<Runnable> afterCommit);
    }

    public static TaskQueue create(TaskQueue engine, DataSource dataSource, Joiner joiner) {
        return (TaskQueue) Proxy.newProxyInstance(
                TaskQueue.class.getClassLoader(),
                new Class<?>[] {TaskQueue.class},
                (proxy, method, args) -> method.getDeclaringClass() == Object.class
                        ? objectMethod(proxy, method, args)
                        : call(current(engine, dataSource, joiner), method, args));
    }

    /** The queue for this thread now: joined to its transaction when one is active, else the engine. */
    static TaskQueue current(TaskQueue engine, DataSource dataSource, Joiner joiner) {
        if (!TransactionSynchronizationManager.isActualTransactionActive()) {
            return engine;
        }
        // Bound to the transaction: Spring closes it when the transaction ends, so it is not released here.
        Connection connection = DataSourceUtils.getConnection(dataSource);
        return joiner.joining(connection, TransactionJoiningQueue::afterCommit);
    }

    private static void afterCommit(Runnable action) {
        TransactionSynchronizationManager.registerSynchronization(new TransactionSynchronization() {
            @Override
            public void afterCommit() {
                action.run();
            }
        });
    }

    /** equals, hashCode and toString of the view itself: never a reason to open a connection. */
    private static Object objectMethod(Object proxy, Method method, Object[] args) {
        return switch (method.getName()) {
            case "equals" -> proxy == args[0];
            case "hashCode" -> System.identityHashCode(proxy);
            default -> "TransactionJoiningQueue";
        };
    }

    private static Object call(TaskQueue target, Method method, Object[] args) throws Throwable {
        try {
            return method.invoke(target, args);
        } catch (InvocationTargetException e) {
            throw e.getCause();
        }
    }
}
