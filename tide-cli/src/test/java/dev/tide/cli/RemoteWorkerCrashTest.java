package dev.tide.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tide.api.NewTask;
import dev.tide.api.Outcome;
import dev.tide.api.TaskInfo;
import dev.tide.api.TaskState;
import dev.tide.api.TaskType;
import dev.tide.cli.testing.ChildJvm;
import dev.tide.client.TideClient;
import dev.tide.core.testing.Ledger;
import dev.tide.core.testing.TempFolders;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** A remote worker is killed with SIGKILL mid-task: the task comes back after its lease and another worker does it. */
class RemoteWorkerCrashTest {
    private final Path folder = TempFolders.create("tide-worker-crash-");

    @AfterEach
    void clean() {
        TempFolders.delete(folder);
    }

    @Test
    void aTaskHeldByAKilledWorkerIsDeliveredAgainAfterItsLease() throws Exception {
        String ledgerUrl = Ledger.sqliteUrl(folder.resolve("ledger.db"));
        try (ChildJvm server =
                        ChildJvm.server(List.of("--data", folder.resolve("data").toString()), Map.of(), List.of());
                Ledger ledger = Ledger.open(ledgerUrl)) {
            String url = server.awaitServerUrl();
            String token = ServerClients.ofFolder(folder.resolve("data"));
            try (TideClient tide =
                    TideClient.builder(URI.create(url)).token(token).build()) {
                tide.defineTaskType(TaskType.named("slow").withLeaseDuration(Duration.ofSeconds(2)));
                long id = tide.enqueue(NewTask.of("slow", Map.of("n", 1))).id();

                try (ChildJvm doomed = ChildJvm.start(
                        "dev.tide.cli.testing.RemoteWorker",
                        List.of(url, ledgerUrl, "doomed", "60000"),
                        Map.of("TIDE_TOKEN", token),
                        List.of())) {
                    doomed.awaitLine("started task " + id + " attempt 1", Duration.ofSeconds(30));
                    doomed.kill9();
                }
                assertThat(tide.task(id).state()).isEqualTo(TaskState.LEASED);

                try (ChildJvm rescuer = ChildJvm.start(
                        "dev.tide.cli.testing.RemoteWorker",
                        List.of(url, ledgerUrl, "rescuer", "0"),
                        Map.of("TIDE_TOKEN", token),
                        List.of())) {
                    rescuer.awaitLine("started task " + id + " attempt 2", Duration.ofSeconds(30));
                    long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
                    while (tide.task(id).state() != TaskState.FINISHED && System.nanoTime() < deadline) {
                        Thread.sleep(50);
                    }
                }
                TaskInfo done = tide.task(id);
                assertThat(done.outcome()).isEqualTo(Outcome.SUCCEEDED);
                assertThat(done.attempts()).isEqualTo(2);
                assertThat(done.leaseOwner()).isEqualTo("rescuer");
                assertThat(ledger.byWorker()).isEqualTo(Map.of("rescuer", 1L));
            }
        }
    }
}
