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
import dev.tide.core.testing.PostgresTestDatabase;
import dev.tide.core.testing.TempFolders;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * A worker frozen with SIGSTOP while it holds a three-second lease, then thawed after another worker finished its task:
 * every heartbeat and acknowledgement it sends after it wakes is refused with 409, and the task ends once, as the
 * second worker acknowledged it. On SQLite and PostgreSQL. Prints how long after the freeze the task was delivered again.
 */
class WorkerPausedPastLeaseTest {
    private static final Duration LEASE = Duration.ofSeconds(3);
    private static final Pattern ANSWER = Pattern.compile("(?m)^(heartbeat \\d+|ack 1) -> (-?\\d+)$");

    private final Path folder = TempFolders.create("tide-sigstop-");

    @AfterEach
    void clean() {
        TempFolders.delete(folder);
    }

    @Test
    void aWorkerThawedAfterItsLeaseIsRefusedAndTheTaskEndsOnceAsTheOtherWorkerAckedIt() throws Exception {
        Path data = folder.resolve("data");
        freezePastTheLease(List.of("--data", data.toString()), Ledger.sqliteUrl(folder.resolve("ledger.db")));
    }

    @Test
    void onPostgresqlTooAWorkerThawedAfterItsLeaseIsRefused() throws Exception {
        try (PostgresTestDatabase db = PostgresTestDatabase.create("paused_worker")) {
            freezePastTheLease(List.of("--db", db.url()), db.url());
        }
    }

    private void freezePastTheLease(List<String> storage, String ledgerUrl) throws Exception {
        try (ChildJvm server = ChildJvm.server(storage, Map.of(), List.of());
                Ledger ledger = Ledger.open(ledgerUrl)) {
            String url = server.awaitServerUrl();
            String token = ServerClients.token(storage);
            Map<String, String> env = Map.of("TIDE_TOKEN", token);
            try (TideClient tide =
                    TideClient.builder(URI.create(url)).token(token).build()) {
                tide.defineTaskType(TaskType.named("paused").withLeaseDuration(LEASE));
                long id = tide.enqueue(NewTask.of("paused", Map.of("n", 1))).id();

                try (ChildJvm frozen = ChildJvm.start(
                        "dev.tide.cli.testing.PausedHttpWorker",
                        List.of(url, "frozen", "paused", LEASE.toString()),
                        env,
                        List.of())) {
                    frozen.awaitLine("claimed task " + id, Duration.ofSeconds(30));
                    frozen.awaitLine("(?m)^heartbeat 1 -> 200$", Duration.ofSeconds(10));
                    // Started only now, so that it cannot take the task before the frozen worker, nor slow its start.
                    ChildJvm rescuer = ChildJvm.start(
                            "dev.tide.cli.testing.RemoteWorker",
                            List.of(url, ledgerUrl, "rescuer", "0", "paused"),
                            env,
                            List.of());
                    try (rescuer) {
                        rescuer.awaitLine("worker ready", Duration.ofSeconds(30));
                        int seen = countAnswers(frozen.output());
                        frozen.awaitLine("(?m)^heartbeat " + (seen + 1) + " -> 200$", Duration.ofSeconds(10));
                        frozen.pause();
                        long frozenAt = System.nanoTime();
                        Thread.sleep(100); // whatever it printed before it stood still is in the file now
                        Set<String> sentBeforeTheFreeze = sent(frozen.output());

                        rescuer.awaitLine("started task " + id + " attempt 2", Duration.ofSeconds(30));
                        Duration redelivered = Duration.ofNanos(System.nanoTime() - frozenAt);
                        TaskInfo done = awaitFinished(tide, id);
                        Duration stood = Duration.ofNanos(System.nanoTime() - frozenAt);

                        frozen.resume();
                        assertThat(frozen.waitFor(Duration.ofSeconds(30))).isZero();
                        Map<String, Integer> afterTheThaw = answers(frozen.output());
                        afterTheThaw.keySet().removeAll(sentBeforeTheFreeze);
                        System.out.printf(
                                "SIGSTOP past the lease (%s): task delivered again %d ms after the freeze (lease %d ms);"
                                        + " thawed after %d ms, %d requests of the thawed worker answered %s%n",
                                storage.get(0).equals("--db") ? "PostgreSQL" : "SQLite",
                                redelivered.toMillis(),
                                LEASE.toMillis(),
                                stood.toMillis(),
                                afterTheThaw.size(),
                                afterTheThaw.values());
                        assertThat(afterTheThaw).containsKey("ack 1");
                        assertThat(afterTheThaw.keySet().stream().filter(k -> k.startsWith("heartbeat")))
                                .hasSizeGreaterThanOrEqualTo(3);
                        assertThat(afterTheThaw.values()).as(frozen.output()).containsOnly(409);
                        assertThat(redelivered).isLessThan(LEASE.plusSeconds(8));

                        TaskInfo after = tide.task(id);
                        assertThat(after.outcome()).isEqualTo(Outcome.SUCCEEDED);
                        assertThat(after.attempts()).isEqualTo(2);
                        assertThat(after.leaseOwner()).isEqualTo("rescuer");
                        assertThat(after.finishedAt()).isEqualTo(done.finishedAt());
                        assertThat(after.result()).isEqualTo(done.result());
                        assertThat(ledger.byWorker()).isEqualTo(Map.of("rescuer", 1L));
                    }
                }
            }
        }
    }

    private static TaskInfo awaitFinished(TideClient tide, long id) throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        while (System.nanoTime() < deadline) {
            TaskInfo task = tide.task(id);
            if (task.state() == TaskState.FINISHED) {
                return task;
            }
            Thread.sleep(50);
        }
        throw new AssertionError("task " + id + " did not finish: " + tide.task(id));
    }

    private static int countAnswers(String output) {
        return answers(output).size();
    }

    /** Each request the worker got an answer to, and the status (-1 for none). */
    private static Map<String, Integer> answers(String output) {
        Map<String, Integer> answers = new java.util.LinkedHashMap<>();
        Matcher m = ANSWER.matcher(output);
        while (m.find()) {
            answers.put(m.group(1), Integer.parseInt(m.group(2)));
        }
        answers.values().removeIf(status -> status < 0);
        return answers;
    }

    /** The requests the worker had announced (so may have sent) by now. */
    private static Set<String> sent(String output) {
        Set<String> sent = new HashSet<>();
        Matcher m = Pattern.compile("(?m)^send (.+)$").matcher(output);
        while (m.find()) {
            sent.add(m.group(1));
        }
        return sent;
    }
}
