package dev.tide.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tide.api.EventQuery;
import dev.tide.api.NewTask;
import dev.tide.api.ProcessorKind;
import dev.tide.api.QueueInfo;
import dev.tide.api.TideEvent;
import dev.tide.cli.testing.CliRun;
import dev.tide.core.Tide;
import dev.tide.core.testing.TempFolders;
import java.nio.file.Path;
import java.util.Arrays;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * {@code tide queue} and {@code tide processor} on a data folder: settings changed field by field, users' shares and
 * bounds, prohibited users, processors defined, started, listed and removed; refusals write nothing.
 */
class AdminCommandsTest {
    private final Path folder = TempFolders.create("tide-admin-");

    private CliRun tide(String... args) {
        String[] all = Arrays.copyOf(args, args.length + 2);
        all[args.length] = "--data";
        all[args.length + 1] = folder.toString();
        return CliRun.of(all);
    }

    private CliRun ok(String... args) {
        CliRun run = tide(args);
        assertThat(run.code()).as(run.err()).isZero();
        assertThat(run.err()).isEmpty();
        return run;
    }

    private static void refused(CliRun run, String naming) {
        assertThat(run.code()).as(run.out()).isNotZero();
        assertThat(run.err().lines()).hasSize(1).first().asString().contains(naming);
        assertThat(run.out()).isEmpty();
    }

    @AfterEach
    void clean() {
        TempFolders.delete(folder);
    }

    @Test
    void queueSettingsChangeFieldByFieldAndUsersGetTheirOwnShares() {
        assertThat(ok("queue", "list").out()).isEqualTo("no queues defined\n");
        assertThat(ok("queue", "set", "deposits", "--discipline", "fair", "--default-allocation", "2")
                        .out())
                .startsWith("queue deposits: fair, allocation 2, concurrency none");
        assertThat(ok("queue", "set", "deposits", "--max-pending-per-user", "10", "--default-concurrency", "4")
                        .out())
                .as("the discipline and allocation stay")
                .startsWith("queue deposits: fair, allocation 2, concurrency 4, max pending none (per user 10");
        assertThat(ok("queue", "list").out())
                .containsPattern("deposits\\s+fair\\s+dispatching\\s+2\\s+4\\s+none\\s+10\\s+none\\s+-");

        String assigned = ok("queue", "assign", "deposits", "--users", "crossref,springer", "--allocation", "3")
                .out();
        assertThat(assigned).containsPattern("crossref\\s+3 \\(own\\)\\s+4\\s+10\\s+0");
        ok("queue", "assign", "deposits", "--users", "crossref", "--max-pending", "500");
        assertThat(ok("queue", "users", "deposits").out())
                .containsPattern("crossref\\s+3 \\(own\\)\\s+4\\s+500 \\(own\\)")
                .containsPattern("springer\\s+3 \\(own\\)\\s+4\\s+10\\s");
        assertThat(ok("queue", "assign", "deposits", "--users", "crossref", "--reset")
                        .out())
                .containsPattern("crossref\\s+2\\s+4\\s+10\\s");
        ok("queue", "set", "deposits", "--default-concurrency", "none", "--prohibited", "taylor");

        assertThat(ok("queue", "prohibit", "creftest", "taylor").out())
                .isEqualTo("prohibited users: creftest, taylor\n");
        assertThat(ok("queue", "prohibit").out()).isEqualTo("prohibited users: creftest, taylor\n");
        assertThat(ok("queue", "prohibit", "--none").out()).isEqualTo("prohibited users: none\n");

        try (Tide tide = Tide.builder().sqlite(folder).build()) {
            QueueInfo deposits = tide.queues().list().getFirst();
            assertThat(deposits.defaultConcurrency()).isNull();
            assertThat(deposits.prohibitedUsers()).containsExactly("taylor");
            assertThat(tide.monitoring().events(EventQuery.recent().withKind(TideEvent.USERS_ADJUSTED)))
                    .allSatisfy(e -> assertThat(e.detail()).contains("\"actor\":\"cli:"));
        }
    }

    @Test
    void badQueueSettingsAreRefusedAndWriteNothing() {
        refused(tide("queue", "set", "deposits", "--default-concurrency", "lots"), "--default-concurrency");
        refused(tide("queue", "set", "deposits", "--max-pending", "0"), "maxPending");
        refused(tide("queue", "assign", "deposits", "--users", "a"), "--allocation");
        refused(tide("queue", "assign", "deposits", "--users", "a", "--allocation", "-1"), "allocation");
        refused(tide("queue", "prohibit", "a", "--none"), "--none");
        assertThat(ok("queue", "list").out()).isEqualTo("no queues defined\n");
    }

    @Test
    void processorsAreDefinedStartedListedAndRemoved() {
        assertThat(ok("processor", "list").out()).isEqualTo("no processors\n");
        assertThat(ok(
                                "processor",
                                "define",
                                "crossref-sp",
                                "--remote",
                                "--queue",
                                "deposits",
                                "--types",
                                "metadata",
                                "--require",
                                "crossref",
                                "--max-size",
                                "1000000")
                        .out())
                .isEqualTo("processor crossref-sp defined (stopped)\n");
        ok(
                "processor",
                "define",
                "general",
                "--queue",
                "deposits",
                "--exclude",
                "crossref",
                "--prefer",
                "b,a",
                "--threads",
                "4",
                "--nodes",
                "ds3,ds4");
        assertThat(ok("processor", "start", "crossref-sp").out()).isEqualTo("processor crossref-sp started\n");

        assertThat(ok("processor", "list").out())
                .containsPattern(
                        "crossref-sp\\s+remote\\s+deposits\\s+types=metadata require=crossref max-size=1000000\\s+yes")
                .containsPattern("general\\s+local\\s+deposits\\s+exclude=crossref prefer=b,a\\s+no");
        assertThat(ok("processor", "show", "general").out())
                .contains("\"threads\":4", "\"preferred\":[\"b\",\"a\"]", "\"started\":false");
        assertThat(ok("processor", "define", "crossref-sp", "--remote", "--queue", "deposits")
                        .out())
                .as("a replaced processor keeps its state")
                .isEqualTo("processor crossref-sp defined (started)\n");
        assertThat(ok("processor", "stop", "crossref-sp").out()).isEqualTo("processor crossref-sp stopped\n");
        assertThat(ok("processor", "remove", "general").out()).isEqualTo("processor general removed\n");

        try (Tide tide = Tide.builder().sqlite(folder).build()) {
            assertThat(tide.processors().list()).singleElement().satisfies(p -> {
                assertThat(p.processor().kind()).isEqualTo(ProcessorKind.REMOTE);
                assertThat(p.started()).isFalse();
            });
            tide.enqueue(NewTask.of("t", null));
            assertThat(tide.monitoring().events(EventQuery.recent().withKind(TideEvent.PROCESSOR_STARTED)))
                    .singleElement()
                    .satisfies(e -> assertThat(e.detail()).contains("\"actor\":\"cli:"));
        }
    }

    @Test
    void badProcessorsAreRefusedAndWriteNothing() {
        refused(tide("processor", "define", "p", "--remote", "--threads", "2"), "threads");
        refused(tide("processor", "define", "p", "--threads", "0"), "threads");
        refused(tide("processor", "define", "p", "--require", "a", "--exclude", "b"), "users");
        refused(tide("processor", "define", "bad name"), "name");
        refused(tide("processor", "start", "nobody"), "nobody");
        assertThat(ok("processor", "list").out()).isEqualTo("no processors\n");
    }
}
