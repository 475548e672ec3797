package dev.tide.server.intake;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tide.api.QueueDefinition;
import dev.tide.api.TaskInfo;
import dev.tide.api.TaskQuery;
import dev.tide.core.Tide;
import dev.tide.core.TideConfig;
import dev.tide.core.testing.PostgresSchema;
import dev.tide.core.testing.TempFolders;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Two nodes on one PostgreSQL sharing one inbox folder race through the same files, pass after pass: every file
 * becomes exactly one task, is moved aside once, and is counted once.
 */
class TwoNodesFolderIntakeTest {
    @RegisterExtension
    static final PostgresSchema schema = PostgresSchema.perClass("intake_two_nodes");

    private static final int USERS = 4;
    private static final int FILES_EACH = 60;

    private final Path inbox = TempFolders.create("tide-shared-inbox-");

    @AfterEach
    void clean() {
        TempFolders.delete(inbox);
    }

    private Tide node(String name) {
        return schema.builder()
                .config(TideConfig.defaults().withMaintenanceInterval(null).withNodeName(name))
                .build();
    }

    @Test
    void twoNodesRacingThroughOneInboxStoreEachFileOnce() throws Exception {
        Instant old = Instant.now().minusSeconds(60);
        List<String> dropped = new ArrayList<>();
        for (int u = 0; u < USERS; u++) {
            for (int f = 0; f < FILES_EACH; f++) {
                Path folder =
                        Files.createDirectories(inbox.resolve("user" + u).resolve(u % 2 == 0 ? "mail" : "default"));
                Path file = folder.resolve("email--" + f + ".json");
                String payload = "{\"user\":" + u + ",\"file\":" + f + "}";
                Files.writeString(file, payload);
                Files.setLastModifiedTime(file, FileTime.from(old));
                dropped.add(payload);
            }
        }
        ExecutorService both = Executors.newFixedThreadPool(2);
        try (Tide a = node("a");
                Tide b = node("b");
                FolderIntake intakeA = new FolderIntake(a, IntakeSettings.of(inbox));
                FolderIntake intakeB = new FolderIntake(b, IntakeSettings.of(inbox))) {
            a.queues().define(QueueDefinition.named("mail"));
            CyclicBarrier start = new CyclicBarrier(2);
            List<Future<Integer>> stored = new ArrayList<>();
            for (FolderIntake intake : List.of(intakeA, intakeB)) {
                stored.add(both.submit(() -> {
                    start.await();
                    int total = 0;
                    FolderIntake.Pass pass;
                    do {
                        pass = intake.runOnce();
                        total += pass.stored();
                    } while (pass.stored() + pass.deferred() > 0);
                    return total;
                }));
            }
            int storedByA = stored.get(0).get();
            int storedByB = stored.get(1).get();

            List<TaskInfo> tasks =
                    a.tasks(TaskQuery.all().withLimit(TaskQuery.MAX_LIMIT)).items();
            assertThat(tasks).extracting(TaskInfo::payload).containsExactlyInAnyOrderElementsOf(dropped);
            assertThat(storedByA + storedByB).isEqualTo(dropped.size());
            assertThat(storedByA).as("both nodes took part").isPositive();
            assertThat(storedByB).as("both nodes took part").isPositive();
            assertThat(b.intake().status().filesStored()).isEqualTo(dropped.size());
            assertThat(storedCopies()).isEqualTo(dropped.size());
        } finally {
            both.shutdown();
        }
    }

    private long storedCopies() throws Exception {
        try (Stream<Path> files = Files.walk(inbox)) {
            return files.filter(f -> f.getParent().getFileName().toString().equals(Aside.STORED))
                    .count();
        }
    }
}
