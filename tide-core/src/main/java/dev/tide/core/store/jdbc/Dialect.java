package dev.tide.core.store.jdbc;

import dev.tide.api.JsonPath;
import dev.tide.api.Lease;
import dev.tide.core.store.LeaseExtension;
import dev.tide.core.store.Settlement;
import dev.tide.core.store.TaskRow;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.time.Instant;
import java.util.Collection;
import java.util.List;
import java.util.OptionalLong;

/**
 * What differs between databases beyond the text of their named statements: list bindings, the bulk statements of the
 * insert and settle scripts, and a few capability questions.
 */
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

    /** Inserts the rows and returns their ids in order, null for a row whose idempotency key was taken. */
    List<Long> insertTasks(Tx tx, List<TaskRow> rows, List<Placement> placements) throws SQLException;

    /**
     * The compare-and-set of settlements of distinct tasks, of any kind, in one statement, answering one row per
     * settlement in order, null where the lease was lost.
     */
    List<SettledRow> settleInBulk(Tx tx, List<Settlement> settlements, Instant now) throws SQLException;

    /**
     * Holds the scopes (coalescing keys, bounded queues; sorted) until the transaction ends, so that concurrent
     * enqueues on them take turns. Nothing to do where one writer runs every transaction alone (SQLite).
     */
    default void lockScopes(Tx tx, List<String> scopes) throws SQLException {}

    /** Whether one writer runs every transaction alone, so that no transaction races another. */
    default boolean singleWriter() {
        return false;
    }

    /** Whether {@link #extendLeases} extends several leases in one statement. */
    default boolean extendsLeasesInBulk() {
        return false;
    }

    /** Extends the leases still held in one statement; the answer holds only those. */
    default List<Lease> extendLeases(Tx tx, LeaseExtension extension) throws SQLException {
        throw new UnsupportedOperationException(name() + " extends leases one by one");
    }

    // --- the task list's text filters (TaskListSql) ----------------------------------------------------------------

    /** A condition that {@code column} contains the one parameter, a LIKE pattern escaped with {@code \}, any case. */
    String containsIgnoringCase(String column);

    /**
     * A condition that the JSON document in {@code column} holds, at the path bound first ({@link #jsonPath}), a value
     * equal to one of the two JSON texts bound next.
     */
    String jsonEquals(String column);

    /**
     * A condition that the JSON document in {@code column} contains one of the two documents bound next, as an index
     * of the list's reads it; only a dialect that has such an index is asked ({@link TaskListSql.Search}).
     */
    default String jsonContains(String column) {
        throw new UnsupportedOperationException(name() + " has no containment index of payloads");
    }

    /** The path as {@link #jsonEquals} binds it. */
    String jsonPath(JsonPath path);

    /**
     * Whether the planner uses a partial index when the query's conditions imply its predicate (PostgreSQL), rather
     * than only when the query spells the predicate out (SQLite).
     */
    default boolean provesIndexPredicates() {
        return false;
    }

    /** The prefix that makes a statement answer its plan ({@code EXPLAIN QUERY PLAN}, {@code EXPLAIN}). */
    String explainPrefix();

    /** The column of that answer with one step of the plan per row. */
    String planColumn();

    /**
     * The planner's estimate of the rows {@code select} answers, or empty where the database gives none cheaply; for
     * counts that would read too many rows.
     */
    default OptionalLong rowEstimate(Tx tx, String select, Conditions.Where where) throws SQLException {
        return OptionalLong.empty();
    }
}
