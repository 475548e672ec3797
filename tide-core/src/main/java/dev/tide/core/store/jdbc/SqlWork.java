package dev.tide.core.store.jdbc;

import java.sql.SQLException;

/** Work done inside one transaction (or one read). */
@FunctionalInterface
public interface SqlWork<T> {
    T run(Tx tx) throws SQLException;
}
