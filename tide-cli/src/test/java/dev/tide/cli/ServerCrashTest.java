package dev.tide.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tide.api.NewTask;
import dev.tide.api.TaskInfo;
import dev.tide.cli.testing.ChildJvm;
import dev.tide.client.TideClient;
import dev.tide.core.testing.PostgresTestDatabase;
import dev.tide.core.testing.TempFolders;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * A server process dies in the middle of a stream of enqueues from several clients; after a restart every enqueue it
 * acknowledged is there. The server is killed with SIGKILL from outside, and also halted by itself at fault points
 * just before a commit and between a commit and its acknowledgements (acknowledged must imply committed; committed
 * need not imply acknowledged).
 */
class ServerCrashTest {
    private static final int CLIENTS = 6;

    private final Path folder = TempFolders.create("tide-crash-");

    @AfterEach
    void clean() {
        TempFolders.delete(folder);
    }

    /** Every acknowledged id with the payload it was acknowledged for. */
    private final Map<Long, String> acknowledged = new ConcurrentHashMap<>();

    private List<Thread> streamEnqueues(String url, List<String> storage, AtomicBoolean stop) {
        String token = ServerClients.token(storage);
        List<Thread> clients = new ArrayList<>();
        for (int c = 0; c < CLIENTS; c++) {
            int client = c;
            clients.add(Thread.ofPlatform().start(() -> {
                try (TideClient tide =
                        TideClient.builder(URI.create(url)).token(token).build()) {
                    for (int seq = 0; !stop.get(); seq++) {
                        String payload = "{\"client\":" + client + ",\"seq\":" + seq + "}";
                        long id = tide.enqueue(NewTask.builder("work")
                                        .payloadJson(payload)
                                        .build())
                                .id();
                        acknowledged.put(id, payload);
                    }
                } catch (RuntimeException serverGone) {
                    // Expected once the server dies: this client's last enqueue was never acknowledged.
                }
            }));
        }
        return clients;
    }

    private void awaitAcks(int atLeast) throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
        while (acknowledged.size() < atLeast) {
            assertThat(System.nanoTime()).as("acks arriving").isLessThan(deadline);
            Thread.sleep(10);
        }
    }

    private void assertEveryAcknowledgedEnqueueSurvived() {
        assertEveryAcknowledgedEnqueueSurvived(List.of("--data", folder.toString()));
    }

    private void assertEveryAcknowledgedEnqueueSurvived(List<String> storage) {
        try (ChildJvm restarted = ChildJvm.server(storage, Map.of(), List.of());
                TideClient tide = ServerClients.connect(restarted.awaitServerUrl(), storage)) {
            long lost = 0;
            for (Map.Entry<Long, String> ack : acknowledged.entrySet()) {
                try {
                    TaskInfo task = tide.task(ack.getKey());
                    assertThat(task.payload()).isEqualTo(ack.getValue());
                } catch (dev.tide.api.NotFoundException e) {
                    lost++;
                }
            }
            assertThat(lost).as("acknowledged enqueues lost").isZero();
            assertThat(tide.monitoring().status().queues().get(0).ready()).isGreaterThanOrEqualTo(acknowledged.size());
        }
    }

    @Test
    void sigkillDuringAStreamOfEnqueuesLosesNothingAcknowledged() throws Exception {
        killMidStream(List.of("--data", folder.toString()));
    }

    @Test
    void sigkillOfAPostgresqlNodeDuringAStreamOfEnqueuesLosesNothingAcknowledged() throws Exception {
        try (PostgresTestDatabase db = PostgresTestDatabase.create("server_crash")) {
            killMidStream(List.of("--db", db.url(), "--node", "crashing"));
        }
    }

    private void killMidStream(List<String> storage) throws Exception {
        AtomicBoolean stop = new AtomicBoolean();
        try (ChildJvm server = ChildJvm.server(storage, Map.of(), List.of())) {
            List<Thread> clients = streamEnqueues(server.awaitServerUrl(), storage, stop);
            awaitAcks(2000);
            server.kill9();
            stop.set(true);
            for (Thread t : clients) {
                t.join();
            }
        }
        assertEveryAcknowledgedEnqueueSurvived(storage);
    }

    @Test
    void haltJustBeforeACommitLosesNothingAcknowledged() throws Exception {
        haltAt("sqlite.before-commit@400");
    }

    @Test
    void haltBetweenCommitAndAcknowledgementLosesNothingAcknowledged() throws Exception {
        haltAt("sqlite.after-commit@400");
    }

    private void haltAt(String fault) throws Exception {
        AtomicBoolean stop = new AtomicBoolean();
        try (ChildJvm server =
                ChildJvm.server(List.of("--data", folder.toString()), Map.of(), List.of("-Dtide.faults=" + fault))) {
            List<Thread> clients = streamEnqueues(server.awaitServerUrl(), List.of("--data", folder.toString()), stop);
            int exit = server.waitFor(Duration.ofSeconds(60));
            assertThat(exit).as("halted at the fault point").isEqualTo(137);
            assertThat(server.output()).contains("fault point " + fault.substring(0, fault.indexOf('@')));
            stop.set(true);
            for (Thread t : clients) {
                t.join();
            }
        }
        assertThat(acknowledged).isNotEmpty();
        assertEveryAcknowledgedEnqueueSurvived();
    }
}
