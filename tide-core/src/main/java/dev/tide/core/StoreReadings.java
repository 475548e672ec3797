package dev.tide.core;

import dev.tide.api.StatusReport;
import dev.tide.api.TaskState;
import dev.tide.core.store.Store;
import dev.tide.core.store.StoreInfo;
import dev.tide.core.store.postgresql.PostgresStore;
import dev.tide.core.store.sqlite.CommitStats;
import dev.tide.core.store.sqlite.SqliteStore;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * The few reads of the store that the server's probes and metrics, the CLI and the benchmarks make, without the store
 * itself: nothing outside tide-core reaches the store (the architecture test holds to that), so a change of the store's
 * interfaces stays inside core. Read-only.
 */
public final class StoreReadings {
    private final Store store;

    StoreReadings(Store store) {
        this.store = store;
    }

    /** The schema version: the cheapest read there is, one row (a readiness probe asks it). */
    public int schemaVersion() {
        return store.schemaVersion();
    }

    /** The store's dialect and location. */
    public StoreInfo info() {
        return store.info();
    }

    /** The queues' depths without open jobs: one query fewer than {@link Tide#status()}, and no warnings. */
    public StatusReport depths() {
        return store.status(0);
    }

    /** How many tasks of the queue are in that state; empty when the store does not count them. */
    public OptionalLong taskCount(String queue, TaskState state) {
        return store.taskCount(queue, state);
    }

    /** The plan of a named statement, one line per step (benchmarks and tests of index use). */
    public List<String> explain(String statement) {
        if (store instanceof SqliteStore sqlite) {
            return sqlite.explain(statement);
        }
        if (store instanceof PostgresStore postgres) {
            return postgres.explain(statement);
        }
        throw new UnsupportedOperationException(
                "no plans from a " + store.info().dialect() + " store");
    }

    /** Commit latency and group sizes of SQLite's writer; empty on other stores. */
    public Optional<CommitStats.Snapshot> commitStats() {
        return store instanceof SqliteStore sqlite ? Optional.of(sqlite.commitStats()) : Optional.empty();
    }
}
