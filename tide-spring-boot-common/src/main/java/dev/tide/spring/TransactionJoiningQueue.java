package dev.tide.spring;

import dev.tide.api.TaskQueue;
import dev.tide.core.Tide;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.sql.Connection;
import javax.sql.DataSource;
import org.springframework.jdbc.datasource.DataSourceUtils;
import org.springframework.transaction.support.TransactionSynchronization;
import org.springframework.transaction.support.TransactionSynchronizationManager;

/**
 * A {@link TaskQueue} that joins the caller's Spring transaction: inside a {@code @Transactional} method, each call
 * runs on the transaction's own connection (the one {@link DataSourceUtils} binds to the thread) through {@link
 * Tide#joining}, so a row the method saves and the task it enqueues commit together or not at all; what Tide does after
 * a commit (waking this node's workers, meters) runs when Spring's transaction commits. Outside a transaction each call
 * goes to the engine as it is. When Tide's store is not the application's database, a call inside a transaction is
 * refused by the engine ({@link dev.tide.core.TransactionJoinException}) rather than done apart.
 */
public final class TransactionJoiningQueue {
    private TransactionJoiningQueue() {}

    public static TaskQueue create(Tide tide, DataSource dataSource) {
        return (TaskQueue) Proxy.newProxyInstance(
                TaskQueue.class.getClassLoader(),
                new Class<?>[] {TaskQueue.class},
                (proxy, method, args) -> method.getDeclaringClass() == Object.class
                        ? objectMethod(proxy, method, args)
                        : call(current(tide, dataSource), method, args));
    }

    /** The queue for this thread now: joined to its transaction when one is active, else the engine. */
    static TaskQueue current(Tide tide, DataSource dataSource) {
        if (!TransactionSynchronizationManager.isActualTransactionActive()) {
            return tide;
        }
        // Bound to the transaction: Spring closes it when the transaction ends, so it is not released here.
        Connection connection = DataSourceUtils.getConnection(dataSource);
        return tide.joining(connection, TransactionJoiningQueue::afterCommit);
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
