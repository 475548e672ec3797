package dev.tide.core.store.sqlite;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tide.api.NewTask;
import dev.tide.core.Tide;
import dev.tide.core.TideConfig;
import dev.tide.core.TideInternals;
import dev.tide.core.testing.TempFolders;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** What the SQLite store promises beyond the contract: durability settings, group commit, index use. */
class SqliteStoreTest {
    private Path folder;
    private Tide tide;
    private SqliteStore store;

    @BeforeEach
    void open() {
        folder = TempFolders.create("tide-sqlite-");
        tide = Tide.builder()
                .sqlite(folder)
                .config(TideConfig.defaults().withMaintenanceInterval(null))
                .build();
        store = (SqliteStore) TideInternals.store(tide);
    }

    @AfterEach
    void close() {
        tide.close();
        TempFolders.delete(folder);
    }

    @Test
    void theWriterCommitsDurably() {
        // PRAGMA synchronous: 2 is FULL. With WAL, FULL fsyncs the WAL on every commit.
        assertThat(store.writerPragma("synchronous")).isEqualTo("2");
        assertThat(store.writerPragma("journal_mode")).isEqualToIgnoringCase("wal");
    }

    @Test
    void concurrentWritersShareCommits() throws Exception {
        long before = store.commitStats().commits();
        ExecutorService producers = Executors.newFixedThreadPool(64);
        List<Future<?>> done = new ArrayList<>();
        for (int p = 0; p < 64; p++) {
            done.add(producers.submit(() -> {
                for (int i = 0; i < 50; i++) {
                    tide.enqueue(NewTask.of("t", i));
                }
            }));
        }
        for (Future<?> f : done) {
            f.get();
        }
        producers.shutdown();
        CommitStats.Snapshot stats = store.commitStats();
        long commits = stats.commits() - before;
        assertThat(tide.monitoring().status().queues().get(0).ready()).isEqualTo(64 * 50);
        assertThat(commits).as("3200 enqueues in far fewer commits").isLessThan(64 * 50 / 4);
        assertThat(stats.meanGroupSize()).isGreaterThan(4);
    }

    @Test
    void claimScansTheReadyIndexWithoutSorting() {
        for (String statement : List.of(
                "task_claim+claim_unless_prohibited",
                "task_claim+claim_if_types+claim_if_payload_at_most+claim_unless_owners+claim_unless_prohibited",
                "task_claim+claim_if_owners",
                "fair_claim_users+claim_if_types")) {
            List<String> plan = store.explain(statement);
            assertThat(plan).as(statement).anyMatch(step -> step.contains("tide_tasks_ready"));
            assertThat(plan).as(statement).noneMatch(step -> step.contains("TEMP B-TREE"));
        }
        for (String statement : List.of(
                "fair_users_next+fair_under_cap+fair_unless_prohibited+fair_if_allocated",
                "fair_users_next+fair_under_cap+fair_if_users+fair_unless_users")) {
            List<String> plan = store.explain(statement);
            assertThat(plan).as(statement).anyMatch(step -> step.contains("tide_users_turn"));
            assertThat(plan).as(statement).noneMatch(step -> step.contains("TEMP B-TREE"));
        }
        assertThat(store.explain("fair_users_turn"))
                .as("each turn finds its user by key, the turns read once")
                .contains("SEARCH tide_users USING PRIMARY KEY (queue=? AND owner=?)");
        List<String> promote = store.explain("task_promote_due");
        assertThat(promote).anyMatch(step -> step.contains("tide_tasks_scheduled"));
        assertThat(promote).noneMatch(step -> step.contains("TEMP B-TREE"));
    }

    @Test
    void arraysJoinedByPositionAreLookedUpNotScannedPerElement() {
        // json_each joined to json_each directly scans one whole array per element of the other: a thousand
        // dependents in one enqueue took 50 ms in SQLite alone
        for (String statement : List.of("task_dependencies_add", "task_dependencies_set")) {
            List<String> plan = store.explain(statement);
            assertThat(plan).as(statement).anyMatch(step -> step.contains("AUTOMATIC COVERING INDEX (position=?)"));
            // every array is read once, into its materialized table, and nowhere else
            assertThat(plan.stream().filter(step -> step.startsWith("SCAN json_each")))
                    .as(statement)
                    .hasSameSizeAs(plan.stream()
                            .filter(step -> step.startsWith("MATERIALIZE"))
                            .toList());
        }
    }

    @Test
    void bulkActionsFindTheRunningOnesAndTheirNextBatchByIndex() {
        for (String statement : List.of("bulk_any_running", "bulk_take")) {
            assertThat(store.explain(statement))
                    .as(statement)
                    .anyMatch(step -> step.contains("tide_bulk_actions_running"));
        }
        for (String statement : List.of("bulk_batch_tasks", "bulk_batch_forget")) {
            List<String> plan = store.explain(statement);
            assertThat(plan).as(statement).anyMatch(step -> step.contains("USING PRIMARY KEY (bulk_id=?"));
            assertThat(plan).as(statement).noneMatch(step -> step.contains("TEMP B-TREE"));
        }
        List<String> recent = store.explain("bulk_recent_of_owner");
        assertThat(recent).anyMatch(step -> step.contains("tide_bulk_actions_owner (owner=?)"));
        assertThat(recent).noneMatch(step -> step.contains("TEMP B-TREE"));
    }

    /**
     * The Parking page's unparking, by owner, queue, received window or ids, reads the parked tasks' indexes
     * (tide_tasks_parked, V006; tide_tasks_parked_id, V025) or the ids named, never the whole table.
     */
    @Test
    void unparkingReadsTheParkedTasksIndexes() {
        for (String statement : List.of(
                "task_unpark+park_if_owner",
                "task_unpark+park_if_queue",
                "task_unpark+park_if_received_from+park_if_received_to",
                "task_unpark+park_if_owner+park_if_queue+park_if_received_from",
                "task_unpark+park_if_ids")) {
            List<String> plan = store.explain(statement);
            assertThat(plan)
                    .as(statement)
                    .anyMatch(step -> step.matches(".*tide_tasks_parked(_id)?\\b.*|.*PRIMARY KEY \\(rowid=\\?\\).*"))
                    .noneMatch(step -> step.equals("SCAN tide_tasks"));
        }
    }

    /** A worker's leases (the worker's own list, its restart, an administrator's release) read the leased tasks only. */
    @Test
    void aWorkersLeasesAreFoundThroughTheLeaseExpiryIndex() {
        for (String statement : List.of("task_lease_list", "task_lease_of_owner", "task_lease_resume")) {
            List<String> plan = store.explain(statement);
            assertThat(plan).as(statement).anyMatch(step -> step.contains("tide_tasks_lease_expiry"));
            assertThat(plan).as(statement).noneMatch(step -> step.equals("SCAN tide_tasks"));
        }
    }
}
