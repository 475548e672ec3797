package dev.tide.core;

import dev.tide.api.TaskQueue;
import java.sql.Connection;
import java.sql.SQLException;

/**
 * An application's work in a transaction Tide opens ({@link Tide#transaction}): its own statements on {@code
 * connection}, Tide's calls on {@code queue}, committed together or not at all.
 */
@FunctionalInterface
public interface JoinedWork<T> {
    T run(Connection connection, TaskQueue queue) throws SQLException;
}
