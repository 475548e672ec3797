package dev.tide.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tide.api.NewTask;
import dev.tide.api.Outcome;
import dev.tide.api.TaskInfo;
import dev.tide.api.TaskType;
import dev.tide.cli.testing.ChildJvm;
import dev.tide.client.TideClient;
import dev.tide.core.testing.TempFolders;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * SIGTERM to a remote worker process (a {@code WorkerPool} with {@code closeOnJvmShutdown}) holding a task that ends
 * within its grace period and one that does not, under one-minute leases: it claims nothing more, the first ends as
 * done, and the second is released when the grace ends (its attempt refunded) and delivered to another worker at once,
 * not at the lease's end. Prints the time from SIGTERM to that delivery.
 */
class WorkerSigtermTest {
    private static final Duration LEASE = Duration.ofMinutes(1);
    private static final Duration GRACE = Duration.ofSeconds(2);

    private final Path folder = TempFolders.create("tide-worker-sigterm-");

    @AfterEach
    void clean() {
        TempFolders.delete(folder);
    }

    private static ChildJvm worker(String url, String token, String name) {
        return ChildJvm.start(
                "dev.tide.cli.testing.StoppableWorker",
                List.of(url, name, "job", "4", Long.toString(GRACE.toMillis())),
                Map.of("TIDE_TOKEN", token),
                List.of());
    }

    @Test
    void aTerminatedWorkerFinishesWithinItsGraceAndReleasesWhatItStillHolds() throws Exception {
        Path data = folder.resolve("data");
        try (ChildJvm server = ChildJvm.server(List.of("--data", data.toString()), Map.of(), List.of())) {
            String url = server.awaitServerUrl();
            String token = ServerClients.ofFolder(data);
            try (TideClient tide =
                    TideClient.builder(URI.create(url)).token(token).build()) {
                tide.defineTaskType(TaskType.named("job").withLeaseDuration(LEASE));
                try (ChildJvm leaving = worker(url, token, "leaving")) {
                    leaving.awaitLine("worker ready", Duration.ofSeconds(30));
                    long quick = tide.enqueue(NewTask.of("job", Map.of("millis", 1000)))
                            .id();
                    long stuck = tide.enqueue(NewTask.of("job", Map.of("millis", 600_000)))
                            .id();
                    leaving.awaitLine("started task " + stuck + " attempt 1", Duration.ofSeconds(30));
                    leaving.awaitLine("started task " + quick + " attempt 1", Duration.ofSeconds(30));

                    try (ChildJvm rescuer = worker(url, token, "rescuer")) {
                        rescuer.awaitLine("worker ready", Duration.ofSeconds(30));
                        leaving.terminate();
                        long terminatedAt = System.nanoTime();
                        leaving.awaitLine("worker leaving stopping: no more claims", Duration.ofSeconds(10));
                        long late = tide.enqueue(NewTask.of("job", Map.of("millis", 0)))
                                .id();
                        rescuer.awaitLine("started task " + stuck + " attempt 1", Duration.ofSeconds(30));
                        Duration redelivered = since(terminatedAt);
                        int exit = leaving.waitFor(Duration.ofSeconds(30));
                        Duration exited = since(terminatedAt);
                        rescuer.awaitLine("finished task " + late, Duration.ofSeconds(30));
                        System.out.printf(
                                "SIGTERM to a worker (grace %d ms, lease %d s): the task still running was delivered"
                                        + " again %d ms after the signal; the worker exited after %d ms%n",
                                GRACE.toMillis(), LEASE.toSeconds(), redelivered.toMillis(), exited.toMillis());
                        assertThat(redelivered).isBetween(GRACE.minusMillis(200), GRACE.plusSeconds(8));
                        assertThat(exit).as(leaving.output()).isEqualTo(143);
                        assertThat(leaving.output())
                                .contains("finished task " + quick)
                                .doesNotContain("finished task " + stuck, "started task " + late);
                        assertThat(tide.task(late).leaseOwner()).isEqualTo("rescuer");
                    }
                    TaskInfo done = tide.task(quick);
                    assertThat(done.outcome()).isEqualTo(Outcome.SUCCEEDED);
                    assertThat(done.leaseOwner()).isEqualTo("leaving");
                }
            }
        }
    }

    private static Duration since(long nanos) {
        return Duration.ofNanos(System.nanoTime() - nanos);
    }
}
