package dev.tide.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tide.api.NewTask;
import dev.tide.api.Outcome;
import dev.tide.api.RetryBackoff;
import dev.tide.api.StatusReport.QueueDepth;
import dev.tide.api.TaskInfo;
import dev.tide.api.TaskState;
import dev.tide.api.TaskType;
import dev.tide.cli.testing.ChildJvm;
import dev.tide.cli.testing.StoppableWorker;
import dev.tide.client.TideClient;
import dev.tide.core.testing.TempFolders;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * A poison task whose handler kills its worker process on every attempt, among a steady stream of ordinary tasks served
 * by two worker processes that a supervisor (the test) restarts under their names whenever they die: the poison ends
 * failed after exactly its {@code maxAttempts} attempts, each one costing one process, and the ordinary tasks keep
 * flowing meanwhile. Prints the ordinary tasks' throughput before and during the poison's life.
 */
class PoisonTaskTest {
    private static final int POISON_ATTEMPTS = 3;
    private static final int BACKLOG = 200;
    private static final int WARM_UP = 200;
    /** The start of the run, for the times printed. */
    private static final long T0 = System.nanoTime();
    /** A worker process restarts often here: C1 alone and the serial collector start it sooner and lighter. */
    private static final List<String> QUICK_START = List.of("-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC");

    private final Path folder = TempFolders.create("tide-poison-");
    private final List<ChildJvm> lives = Collections.synchronizedList(new ArrayList<>());

    @AfterEach
    void clean() {
        lives.forEach(ChildJvm::close);
        TempFolders.delete(folder);
    }

    @Test
    void aTaskThatKillsItsWorkerFailsAfterItsAttemptsWhileOtherTasksKeepFlowing() throws Exception {
        Path data = folder.resolve("data");
        try (ChildJvm server = ChildJvm.server(List.of("--data", data.toString()), Map.of(), List.of())) {
            String url = server.awaitServerUrl();
            String token = ServerClients.ofFolder(data);
            try (TideClient tide =
                    TideClient.builder(URI.create(url)).token(token).build()) {
                tide.defineTaskType(TaskType.named("work")
                        .withMaxAttempts(50)
                        .withLeaseDuration(Duration.ofSeconds(5))
                        .withBackoff(RetryBackoff.fixed(Duration.ofMillis(100))));
                tide.defineTaskType(TaskType.named("poison")
                        .withMaxAttempts(POISON_ATTEMPTS)
                        .withLeaseDuration(Duration.ofSeconds(5))
                        .withBackoff(RetryBackoff.fixed(Duration.ofMillis(100))));
                Supervisor supervisor = new Supervisor(url, token, List.of("worker-a", "worker-b"));
                topUp(tide);
                supervisor.awaitReady();

                Meter meter = new Meter(tide);
                // Warm up: freshly started worker processes run slowly for their first hundred tasks or so.
                meter.runUntil(() -> depth(tide).succeeded() >= WARM_UP, Duration.ofSeconds(60), supervisor);
                double before = meter.run(Duration.ofSeconds(4), supervisor);

                long poison =
                        tide.enqueue(NewTask.of("poison", Map.of("halt", true))).id();
                long poisonedAt = System.nanoTime();
                double during = meter.runUntil(
                        () -> tide.task(poison).state() == TaskState.FINISHED, Duration.ofSeconds(60), supervisor);
                Duration poisonLife = Duration.ofNanos(System.nanoTime() - poisonedAt);
                meter.run(Duration.ofSeconds(1), supervisor); // a fourth attempt would kill a process now

                TaskInfo dead = tide.task(poison);
                System.out.printf(
                        "poison task: failed after %d attempts in %d ms, %d worker processes killed (at %s ms);"
                                + " ordinary tasks %.0f/s before, %.0f/s during; done per 2 s (@ ms): %s%n",
                        dead.attempts(),
                        poisonLife.toMillis(),
                        supervisor.deaths,
                        supervisor.deathTimes,
                        before,
                        during,
                        meter.windows);
                assertThat(dead.outcome()).isEqualTo(Outcome.FAILED);
                assertThat(dead.attempts()).isEqualTo(POISON_ATTEMPTS);
                assertThat(supervisor.deaths).isEqualTo(POISON_ATTEMPTS);
                assertThat(supervisor.started(poison)).isEqualTo(POISON_ATTEMPTS);
                // The others slow down but keep going. A released attempt is ready again at once (no backoff), so the
                // poison goes straight to the other worker: both can be down or starting at the same moment, and a
                // starting JVM takes CPU from the rest on a small machine.
                assertThat(during)
                        .as("throughput of the others during the poison")
                        .isGreaterThan(before * 0.2);
                assertThat(depth(tide).failed()).as("only the poison failed").isEqualTo(1);
            }
        }
    }

    private static QueueDepth depth(TideClient tide) {
        return tide.monitoring().status().queues().stream()
                .filter(q -> q.queue().equals("default"))
                .findFirst()
                .orElse(new QueueDepth("default", 0, 0, 0, 0, 0, 0, 0, 0, 0, 0));
    }

    /** Keeps a backlog of ordinary tasks waiting, so the workers are never idle for want of work. */
    private static QueueDepth topUp(TideClient tide) {
        QueueDepth depth = depth(tide);
        if (depth.ready() < BACKLOG) {
            List<NewTask> batch = new ArrayList<>();
            for (int i = 0; i < BACKLOG; i++) {
                batch.add(NewTask.of("work", Map.of("millis", 20)));
            }
            tide.enqueueAll(batch);
        }
        return depth;
    }

    /** Counts ordinary tasks done per second, in 2 s windows, while keeping the backlog and the workers up. */
    private static final class Meter {
        private final TideClient tide;
        final List<String> windows = new ArrayList<>();

        Meter(TideClient tide) {
            this.tide = tide;
        }

        double run(Duration length, Supervisor supervisor) throws InterruptedException {
            long end = System.nanoTime() + length.toNanos();
            return runUntil(() -> System.nanoTime() >= end, length.plusSeconds(30), supervisor);
        }

        double runUntil(java.util.function.BooleanSupplier done, Duration timeout, Supervisor supervisor)
                throws InterruptedException {
            long start = System.nanoTime();
            long first = depth(tide).succeeded();
            long windowStart = start;
            long windowFirst = first;
            long succeeded = first;
            while (!done.getAsBoolean()) {
                assertThat(System.nanoTime() - start).as("timed out").isLessThan(timeout.toNanos());
                supervisor.keepUp();
                succeeded = topUp(tide).succeeded();
                if (System.nanoTime() - windowStart >= Duration.ofSeconds(2).toNanos()) {
                    windows.add((succeeded - windowFirst) + "@" + (System.nanoTime() - T0) / 1_000_000);
                    windowStart = System.nanoTime();
                    windowFirst = succeeded;
                }
                Thread.sleep(100);
            }
            return (succeeded - first)
                    / (Duration.ofNanos(System.nanoTime() - start).toMillis() / 1000.0);
        }
    }

    /** Restarts each worker under its name when its process dies, as systemd would; counts the deaths. */
    private final class Supervisor {
        private final String url;
        private final String token;
        private final Map<String, ChildJvm> current = new java.util.HashMap<>();
        int deaths;
        final List<Long> deathTimes = new ArrayList<>();

        Supervisor(String url, String token, List<String> names) {
            this.url = url;
            this.token = token;
            names.forEach(this::start);
        }

        private void start(String name) {
            ChildJvm life = ChildJvm.start(
                    "dev.tide.cli.testing.StoppableWorker",
                    List.of(url, name, "work,poison", "4", "0"),
                    Map.of("TIDE_TOKEN", token),
                    QUICK_START);
            lives.add(life);
            current.put(name, life);
        }

        void awaitReady() {
            current.values().forEach(life -> life.awaitLine("worker ready", Duration.ofSeconds(60)));
        }

        void keepUp() {
            for (Map.Entry<String, ChildJvm> entry : Map.copyOf(current).entrySet()) {
                ChildJvm life = entry.getValue();
                if (!life.isAlive()) {
                    assertThat(life.waitFor(Duration.ofSeconds(1)))
                            .as(life.output())
                            .isEqualTo(StoppableWorker.HALTED);
                    deaths++;
                    deathTimes.add((System.nanoTime() - T0) / 1_000_000);
                    start(entry.getKey());
                }
            }
        }

        /** How many times any life of any worker started the task. */
        int started(long taskId) {
            Pattern line = Pattern.compile("(?m)^started task " + taskId + " attempt");
            int count = 0;
            for (ChildJvm life : List.copyOf(lives)) {
                Matcher m = line.matcher(life.output());
                while (m.find()) {
                    count++;
                }
            }
            return count;
        }
    }
}
