package dev.tide.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tide.api.Discipline;
import dev.tide.api.NewTask;
import dev.tide.api.QueueDefinition;
import dev.tide.api.TaskState;
import dev.tide.api.UserShares;
import dev.tide.cli.testing.ChildJvm;
import dev.tide.cli.testing.FairQueueNode;
import dev.tide.cli.testing.Occupancy;
import dev.tide.core.Tide;
import dev.tide.core.TideConfig;
import dev.tide.core.testing.Ledger;
import dev.tide.core.testing.PostgresTestDatabase;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Per-user concurrency caps of a fair queue hold exactly across nodes: two worker processes, each its own Tide engine
 * on one PostgreSQL database with eight handlers, drain the tasks of users with caps 1, 2 and 4, a user with cap 0
 * and an uncapped one. The handlers count how many tasks of each user run at once in a table of their own
 * ({@link Occupancy}); executions go to a {@link Ledger}. The uncapped user shows that the count does see overlaps
 * across the nodes.
 */
class FairCapsAcrossNodesTest {
    private static final String QUEUE = "fair";
    private static final int TASKS_PER_USER = 40;
    private static final Map<String, Integer> CAPS = Map.of("capped-1", 1, "capped-2", 2, "capped-4", 4);

    private static PostgresTestDatabase db;

    @BeforeAll
    static void database() {
        db = PostgresTestDatabase.create("fair_caps");
        Ledger.open(db.url()).close(); // the ledger tables exist before two processes race to create them
        Occupancy.open(db.url()).close();
    }

    @AfterAll
    static void drop() {
        if (db != null) {
            db.close();
        }
    }

    @Test
    void capsHoldAcrossTwoNodesAndAreReached() throws Exception {
        List<String> users = new ArrayList<>(CAPS.keySet());
        users.add("uncapped");
        try (Tide tide = Tide.builder()
                        .postgres(db.url())
                        .config(TideConfig.defaults().withMaintenanceInterval(null))
                        .build();
                Ledger ledger = Ledger.open(db.url());
                Occupancy occupancy = Occupancy.open(db.url())) {
            tide.queues().define(QueueDefinition.named(QUEUE).withDiscipline(Discipline.FAIR));
            CAPS.forEach((user, cap) -> tide.queues().assignUsers(QUEUE, new UserShares(Set.of(user), null, cap)));
            tide.queues().assignUsers(QUEUE, new UserShares(Set.of("never"), null, 0));
            List<NewTask> tasks = new ArrayList<>();
            for (int i = 0; i < TASKS_PER_USER; i++) {
                for (String user : users) {
                    tasks.add(task(user));
                }
                tasks.add(task("never"));
            }
            tide.enqueueAll(tasks);

            try (ChildJvm a = node("node-a");
                    ChildJvm b = node("node-b")) {
                a.awaitLine("node ready", Duration.ofSeconds(60));
                b.awaitLine("node ready", Duration.ofSeconds(60));
                int expected = users.size() * TASKS_PER_USER;
                long deadline = System.nanoTime() + Duration.ofMinutes(2).toNanos();
                while (ledger.executions() < expected) {
                    assertThat(System.nanoTime()).as("all executed").isLessThan(deadline);
                    Thread.sleep(50);
                }
                Thread.sleep(300); // a task of the cap-0 user, or one run twice, would show up now
                assertThat(ledger.executions()).isEqualTo(expected);
                assertThat(ledger.reExecuted()).isEmpty();
                assertThat(ledger.byWorker()).containsOnlyKeys("node-a", "node-b");
            }

            Map<String, Integer> peaks = occupancy.peaks();
            CAPS.forEach((user, cap) -> assertThat(peaks.get(user)).as(user).isEqualTo(cap));
            assertThat(peaks).doesNotContainKey("never");
            assertThat(peaks.get("uncapped")).as("uncapped").isGreaterThan(4);
            assertThat(tide.storeReadings().taskCount(QUEUE, TaskState.READY)).hasValue(TASKS_PER_USER);
        }
    }

    private static NewTask task(String owner) {
        return NewTask.builder("work").queue(QUEUE).owner(owner).payload(owner).build();
    }

    private static ChildJvm node(String name) {
        return ChildJvm.start(
                FairQueueNode.class.getName(), List.of(db.url(), name, QUEUE, "8", "40"), Map.of(), List.of());
    }
}
