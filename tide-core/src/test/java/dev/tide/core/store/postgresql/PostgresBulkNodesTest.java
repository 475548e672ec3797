package dev.tide.core.store.postgresql;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tide.api.BulkAction;
import dev.tide.api.BulkInfo;
import dev.tide.api.BulkRequest;
import dev.tide.api.BulkState;
import dev.tide.api.NewTask;
import dev.tide.api.Outcome;
import dev.tide.api.TaskQuery;
import dev.tide.core.Tide;
import dev.tide.core.TideConfig;
import dev.tide.core.testing.PostgresTestDatabase;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Bulk actions raced by several runners on one schema: batches are never repeated (each cancels what it took, and the
 * counts add up to the tasks), one node's lease keeps the other out, and a cancel waits for the batch under way.
 */
class PostgresBulkNodesTest {
    private static final int TASKS = 3_500;
    private static final TaskQuery ALL = TaskQuery.all().withQueue("bulk");

    private PostgresTestDatabase db;

    @BeforeEach
    void createSchema() {
        db = PostgresTestDatabase.create("pg_bulk_nodes");
    }

    @AfterEach
    void dropSchema() {
        db.close();
    }

    @Test
    void twoNodesNeverWorkOneBulkActionAtOnce() {
        try (Tide a = node("a");
                Tide b = node("b")) {
            BulkInfo started = start(a);

            List<Integer> batches = race(a::passes, b::passes);

            assertThat(batches).as("one node did every batch").containsExactlyInAnyOrder(4, 0);
            assertDoneOnce(a, started);
        }
    }

    @Test
    void twoPassesOfOneNodeShareTheBatchesWithoutRepeatingOne() {
        try (Tide a = node("a")) {
            BulkInfo started = start(a);

            List<Integer> batches = race(a::passes, a::passes);

            assertThat(batches.get(0) + batches.get(1)).isBetween(4, 5);
            assertDoneOnce(a, started);
        }
    }

    @Test
    void aCancelWaitsForTheBatchUnderWayAndStopsTheNext() {
        try (Tide a = node("a")) {
            BulkInfo started = start(a);
            CompletableFuture<Integer> running =
                    CompletableFuture.supplyAsync(() -> a.passes().runBulkActions());

            BulkInfo cancelled = a.bulk().cancel(started.id());
            running.join();

            BulkInfo last = a.bulk().get(started.id());
            assertThat(last.state()).isEqualTo(BulkState.CANCELLED);
            assertThat(last).isEqualTo(cancelled);
            assertThat(last.processed() % 1_000).as("whole batches").isZero();
            assertThat(a.bulk().match(ALL.withOutcome(Outcome.CANCELLED)).count())
                    .isEqualTo(last.changed());
        }
    }

    private static BulkInfo start(Tide node) {
        List<NewTask> tasks = new ArrayList<>();
        for (int i = 0; i < TASKS; i++) {
            tasks.add(NewTask.builder("t").queue("bulk").build());
        }
        node.enqueueAll(tasks);
        return node.bulk()
                .start(BulkRequest.matching(BulkAction.CANCEL, ALL, node.bulk().match(ALL)));
    }

    private static void assertDoneOnce(Tide node, BulkInfo started) {
        BulkInfo done = node.bulk().get(started.id());
        assertThat(done.state()).isEqualTo(BulkState.DONE);
        assertThat(List.of(done.matched(), done.processed(), done.changed(), done.skipped()))
                .containsExactly((long) TASKS, (long) TASKS, (long) TASKS, 0L);
        assertThat(node.bulk().match(ALL.withOutcome(Outcome.CANCELLED)).count())
                .isEqualTo(TASKS);
    }

    @SafeVarargs
    private static List<Integer> race(java.util.function.Supplier<dev.tide.core.BackgroundPasses>... passes) {
        List<CompletableFuture<Integer>> runs = new ArrayList<>();
        for (var p : passes) {
            runs.add(CompletableFuture.supplyAsync(() -> p.get().runBulkActions()));
        }
        return runs.stream().map(CompletableFuture::join).toList();
    }

    private Tide node(String name) {
        return Tide.builder()
                .postgres(db.url())
                .config(TideConfig.defaults().withMaintenanceInterval(null).withNodeName(name))
                .build();
    }
}
