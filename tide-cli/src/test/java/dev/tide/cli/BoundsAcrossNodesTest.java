package dev.tide.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tide.api.QueueDefinition;
import dev.tide.api.TaskQuery;
import dev.tide.api.TaskState;
import dev.tide.cli.testing.BoundedProducerNode;
import dev.tide.cli.testing.ChildJvm;
import dev.tide.core.Tide;
import dev.tide.core.TideConfig;
import dev.tide.core.testing.Ledger;
import dev.tide.core.testing.PostgresTestDatabase;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The bounds on pending tasks hold exactly across nodes: two producer processes, each its own Tide engine on one
 * PostgreSQL database, start at the same instant and offer far more tasks than a queue takes (a queue-wide bound, and
 * a per-user one that the busiest user reaches first). The tasks each accepted go to a {@link Ledger}; together they are exactly the bounds, never more.
 */
class BoundsAcrossNodesTest {
    private static final String QUEUE = "bounded";
    private static final int MAX_PENDING = 60;
    private static final int MAX_PER_USER = 25;
    /** u1 is offered three tasks for each of the others', so it reaches its own bound before the queue is full. */
    private static final List<String> USERS = List.of("u1", "u1", "u1", "u2", "u3");

    private static final int OFFERED_PER_USER = 40;

    private static PostgresTestDatabase db;

    @BeforeAll
    static void database() {
        db = PostgresTestDatabase.create("bounds_nodes");
        Ledger.open(db.url()).close(); // the ledger table exists before two processes race to create it
    }

    @AfterAll
    static void drop() {
        if (db != null) {
            db.close();
        }
    }

    @Test
    void twoProducerProcessesNeverPassTheBounds() throws Exception {
        try (Tide tide = Tide.builder()
                        .postgres(db.url())
                        .config(TideConfig.defaults().withMaintenanceInterval(null))
                        .build();
                Ledger ledger = Ledger.open(db.url())) {
            tide.queues().define(QueueDefinition.named(QUEUE).withPendingBounds(MAX_PENDING, null, MAX_PER_USER));
            Instant start = Instant.now().plusSeconds(10);
            try (ChildJvm a = producer("node-a", start);
                    ChildJvm b = producer("node-b", start)) {
                a.awaitLine("refused .*", Duration.ofSeconds(90));
                b.awaitLine("refused .*", Duration.ofSeconds(90));
                assertThat(ledger.byWorker()).as("both nodes got tasks in").containsOnlyKeys("node-a", "node-b");
            }

            assertThat(ledger.executions())
                    .as("accepted, by the producers' own count")
                    .isEqualTo(MAX_PENDING);
            assertThat(tide.storeReadings().taskCount(QUEUE, TaskState.READY)).hasValue(MAX_PENDING);
            Map<String, Long> perUser = tide
                    .tasks(TaskQuery.all().withQueue(QUEUE).withLimit(500))
                    .items()
                    .stream()
                    .collect(Collectors.groupingBy(t -> t.owner(), Collectors.counting()));
            assertThat(perUser.get("u1")).as("u1, at its own bound").isEqualTo(MAX_PER_USER);
            assertThat(perUser.values()).allSatisfy(n -> assertThat(n).isLessThanOrEqualTo(MAX_PER_USER));
        }
    }

    private static ChildJvm producer(String name, Instant start) {
        return ChildJvm.start(
                BoundedProducerNode.class.getName(),
                List.of(
                        db.url(),
                        name,
                        QUEUE,
                        String.join(",", USERS),
                        Integer.toString(OFFERED_PER_USER),
                        start.toString()),
                Map.of(),
                List.of());
    }
}
