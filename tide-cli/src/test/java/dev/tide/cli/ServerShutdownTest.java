package dev.tide.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tide.api.NewTask;
import dev.tide.api.Outcome;
import dev.tide.api.TaskInfo;
import dev.tide.api.TaskQuery;
import dev.tide.api.TaskState;
import dev.tide.cli.testing.ChildJvm;
import dev.tide.client.TideClient;
import dev.tide.core.Tide;
import dev.tide.core.TideConfig;
import dev.tide.core.testing.Ledger;
import dev.tide.core.testing.TempFolders;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * SIGTERM a server whose worker plugin has tasks in flight: they finish within the grace period, or are released at
 * once when it ends; none waits out its five-minute lease.
 */
class ServerShutdownTest {
    private final Path folder = TempFolders.create("tide-sigterm-");
    private final Path data = folder.resolve("data");
    private final String ledgerUrl = Ledger.sqliteUrl(folder.resolve("ledger.db"));

    @AfterEach
    void clean() {
        TempFolders.delete(folder);
    }

    private ChildJvm serverWithSlowTasks(long taskMillis, String grace) {
        return ChildJvm.server(
                List.of("--data", data.toString(), "--grace", grace),
                Map.of(
                        "TIDE_TEST_LEDGER",
                        ledgerUrl,
                        "TIDE_TEST_TYPES",
                        "slow",
                        "TIDE_TEST_TASK_MILLIS",
                        Long.toString(taskMillis),
                        "TIDE_TEST_CONCURRENCY",
                        "4"),
                List.of());
    }

    private Duration sigtermWithFourTasksInFlight(ChildJvm server) throws InterruptedException {
        try (TideClient tide = ServerClients.connect(server.awaitServerUrl(), List.of("--data", data.toString()))) {
            for (int i = 0; i < 4; i++) {
                tide.enqueue(NewTask.of("slow", i));
            }
            long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
            while (tide.monitoring().status().queues().get(0).leased() < 4) {
                assertThat(System.nanoTime()).as("four tasks leased").isLessThan(deadline);
                Thread.sleep(20);
            }
        }
        long start = System.nanoTime();
        server.terminate();
        server.waitFor(Duration.ofSeconds(60));
        return Duration.ofNanos(System.nanoTime() - start);
    }

    private List<TaskInfo> tasksInFolder() {
        try (Tide tide = Tide.builder()
                .sqlite(data)
                .config(TideConfig.defaults().withMaintenanceInterval(null))
                .build()) {
            return tide.tasks(TaskQuery.all()).items();
        }
    }

    @Test
    void runningTasksFinishWithinTheGracePeriod() throws Exception {
        Duration took;
        try (ChildJvm server = serverWithSlowTasks(1500, "20s")) {
            took = sigtermWithFourTasksInFlight(server);
        }
        assertThat(took).isLessThan(Duration.ofSeconds(15));
        assertThat(tasksInFolder())
                .hasSize(4)
                .allSatisfy(t -> assertThat(t.outcome()).isEqualTo(Outcome.SUCCEEDED));
        try (Ledger ledger = Ledger.open(ledgerUrl)) {
            assertThat(ledger.executions()).isEqualTo(4);
        }
    }

    @Test
    void tasksStillRunningAtTheEndOfTheGraceAreReleasedAtOnce() throws Exception {
        Duration took;
        try (ChildJvm server = serverWithSlowTasks(600_000, "300ms")) {
            took = sigtermWithFourTasksInFlight(server);
        }
        assertThat(took).as("shutdown time, against a 5 minute lease").isLessThan(Duration.ofSeconds(15));
        assertThat(tasksInFolder()).hasSize(4).allSatisfy(t -> {
            assertThat(t.state()).isEqualTo(TaskState.READY);
            assertThat(t.attempts()).as("attempt refunded").isZero();
            assertThat(t.message()).contains("released at worker shutdown");
        });
    }
}
