package dev.tide.core.store.postgresql;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tide.api.Ack;
import dev.tide.api.ClaimRequest;
import dev.tide.api.LeasedTask;
import dev.tide.api.NewTask;
import dev.tide.api.TaskState;
import dev.tide.core.Tide;
import dev.tide.core.TideConfig;
import dev.tide.core.testing.PostgresTestDatabase;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;

/**
 * Dependents enqueued on one node while their dependencies are being acknowledged on another: whichever commits
 * first, no dependent is left blocked by a dependency that has already succeeded. (The enqueue marks the dependency's
 * row, which its settlement also writes; without that lock an acknowledgement could miss a dependent committed
 * alongside it.)
 */
class PostgresDependencyRaceTest {
    private static final int DEPENDENCIES = 600;

    @Test
    void noDependentStaysBlockedByASucceededDependency() throws Exception {
        try (PostgresTestDatabase db = PostgresTestDatabase.create("pg_dependency_race");
                Tide acker = node(db, "acker");
                Tide producer = node(db, "producer")) {
            List<NewTask> dependencies = new ArrayList<>();
            for (int i = 0; i < DEPENDENCIES; i++) {
                dependencies.add(NewTask.builder("dep").queue("deps").build());
            }
            List<Long> ids =
                    acker.enqueueAll(dependencies).stream().map(r -> r.id()).toList();
            ExecutorService pool = Executors.newFixedThreadPool(2);
            try {
                Future<?> acking = pool.submit(() -> ackAll(acker));
                Future<List<Long>> producing = pool.submit(() -> enqueueDependents(producer, ids));
                acking.get();
                List<Long> dependents = producing.get();

                // Released: ready, or scheduled when the releasing node's clock was a few milliseconds behind the
                // enqueuing node's run-at (promotion then makes it ready).
                for (long dependent : dependents) {
                    assertThat(producer.task(dependent).state())
                            .as("dependent %d", dependent)
                            .isIn(TaskState.READY, TaskState.SCHEDULED);
                }
            } finally {
                pool.shutdownNow();
            }
        }
    }

    private static Tide node(PostgresTestDatabase db, String name) {
        return Tide.builder()
                .postgres(db.url(), PostgresOptions.defaults().withPoolSize(2))
                .config(TideConfig.defaults().withMaintenanceInterval(null).withNodeName(name))
                .build();
    }

    private static void ackAll(Tide tide) {
        while (true) {
            List<LeasedTask> got = tide.claim(ClaimRequest.of("deps", "w", 5));
            if (got.isEmpty()) {
                return;
            }
            tide.ackAll(got.stream().map(t -> Ack.succeed(t.lease())).toList());
        }
    }

    private static List<Long> enqueueDependents(Tide tide, List<Long> dependencies) {
        List<Long> dependents = new ArrayList<>();
        for (long dependency : dependencies) {
            dependents.add(tide.enqueue(NewTask.builder("after")
                            .queue("after")
                            .dependsOn(dependency)
                            .build())
                    .id());
        }
        return dependents;
    }
}
