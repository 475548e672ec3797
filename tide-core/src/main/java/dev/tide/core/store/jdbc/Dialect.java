package dev.tide.core.store.jdbc;

import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.Collection;

/** What differs between databases beyond the text of their named statements. */
public interface Dialect {
    /** "sqlite" or "postgresql"; also the folder of the dialect's migrations and statements. */
    String name();

    /** Binds a list of texts as one parameter. */
    void bindTexts(PreparedStatement ps, int index, Collection<String> values) throws SQLException;

    /** Binds a list of numbers as one parameter. */
    void bindLongs(PreparedStatement ps, int index, Collection<Long> values) throws SQLException;

    /**
     * Whether a claim skips rows another claimer holds ({@code SKIP LOCKED}); false where one writer runs every claim
     * alone, so that every row a claim reads is its own to take.
     */
    boolean skipsLockedRows();

    /**
     * The slot of the hourly statistics' rows this thread adds to ({@code tide_stats}): one slot where a single writer
     * runs every transaction, a few where concurrent writers would otherwise queue on one row per type and hour.
     */
    default int statsSlot() {
        return 0;
    }

    /** Whether this SQL error is a unique-constraint violation. */
    boolean isUniqueViolation(SQLException e);
}
