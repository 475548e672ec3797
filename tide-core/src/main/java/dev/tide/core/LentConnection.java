package dev.tide.core;

import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.Set;

/**
 * Tide's own connection lent to an application's work ({@link Tide#transaction}): every statement the work wants, but
 * not the transaction's end or settings, which are Tide's (on SQLite the transaction is shared with other callers'
 * writes of the same group commit, and must not be ended by one of them).
 */
final class LentConnection implements InvocationHandler {
    private static final Set<String> REFUSED = Set.of(
            "commit",
            "rollback",
            "setAutoCommit",
            "close",
            "abort",
            "setTransactionIsolation",
            "setReadOnly",
            "setSchema",
            "setCatalog");

    private final Connection connection;

    private LentConnection(Connection connection) {
        this.connection = connection;
    }

    static Connection of(Connection connection) {
        return (Connection) Proxy.newProxyInstance(
                Connection.class.getClassLoader(), new Class<?>[] {Connection.class}, new LentConnection(connection));
    }

    @Override
    public Object invoke(Object proxy, Method method, Object[] args) throws Throwable {
        String name = method.getName();
        // rollback(Savepoint) is the work's own business; rollback() would end Tide's transaction.
        if (REFUSED.contains(name) && !(name.equals("rollback") && method.getParameterCount() == 1)) {
            throw new SQLException("Tide.transaction: " + name + " is Tide's; the transaction commits when the work"
                    + " returns and rolls back when it throws");
        }
        try {
            return method.invoke(connection, args);
        } catch (InvocationTargetException e) {
            throw e.getCause();
        }
    }
}
