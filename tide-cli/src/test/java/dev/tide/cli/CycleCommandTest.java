package dev.tide.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tide.api.NewTask;
import dev.tide.api.Outcome;
import dev.tide.api.Profile;
import dev.tide.api.ProfileLimits;
import dev.tide.api.TaskInfo;
import dev.tide.api.TaskQuery;
import dev.tide.api.TaskType;
import dev.tide.api.json.Json;
import dev.tide.cli.testing.CliRun;
import dev.tide.core.Tide;
import dev.tide.core.testing.TempFolders;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** {@code tide cycle} through the real CLI entry point, on a data folder, running a real shell command per task. */
class CycleCommandTest {
    private final Path folder = TempFolders.create("tide-cycle-");
    private final Path work = TempFolders.create("tide-cycle-work-");

    private static CliRun tide(String... args) {
        return CliRun.of(args);
    }

    private CliRun cycle(String exec, String... more) {
        List<String> args = new java.util.ArrayList<>(List.of("cycle", "--data", folder.toString(), "--exec", exec));
        args.addAll(List.of(more));
        return tide(args.toArray(String[]::new));
    }

    private void withEngine(Consumer<Tide> action) {
        try (Tide tide = Tide.builder().sqlite(folder).build()) {
            action.accept(tide);
        }
    }

    private void enqueue(String type, int n) {
        withEngine(tide -> {
            for (int i = 0; i < n; i++) {
                tide.enqueue(NewTask.of(type, Map.of("n", i)));
            }
        });
    }

    private List<TaskInfo> tasks() {
        AtomicReference<List<TaskInfo>> tasks = new AtomicReference<>();
        withEngine(tide -> tasks.set(tide.tasks(TaskQuery.all()).items()));
        return tasks.get();
    }

    @AfterEach
    void clean() {
        TempFolders.delete(folder);
        TempFolders.delete(work);
    }

    @Test
    void aCycleRunsTheCommandPerTaskAndExitsZeroWhenNothingRemains() throws IOException {
        enqueue("email", 3);
        Path seen = work.resolve("seen.txt");

        CliRun run = cycle("cat >> '" + seen + "'; echo \" $TIDE_TASK_TYPE $TIDE_TASK_ATTEMPT\" >> '" + seen + "'");

        assertThat(run.err()).isEmpty();
        assertThat(run.code()).isZero();
        assertThat(run.out())
                .startsWith("cycle cycle: claimed 3, succeeded 3, failed 0, released 0, units used 0 in ")
                .contains("stopped: drained: nothing ready\n")
                .endsWith("remaining: nothing waiting\n");
        assertThat(Files.readAllLines(seen))
                .containsExactly("{\"n\":0} email 1", "{\"n\":1} email 1", "{\"n\":2} email 1");
        assertThat(tasks()).allSatisfy(t -> assertThat(t.outcome()).isEqualTo(Outcome.SUCCEEDED));
    }

    @Test
    void exitThreeWhileTheSessionBudgetLeavesReadyWork() {
        withEngine(tide -> tide.profiles()
                .define(Profile.forTaskType(
                        "email",
                        ZoneOffset.UTC,
                        List.of(),
                        ProfileLimits.perHour(100).withMaxPerSession(2))));
        enqueue("email", 5);

        CliRun first = cycle("true");
        assertThat(first.code()).isEqualTo(CycleCommand.WORK_REMAINS).isEqualTo(3);
        assertThat(first.out())
                .contains("claimed 2, succeeded 2")
                .contains("units used 2")
                .contains("stopped: session budget spent\n")
                .endsWith("remaining: 3 ready, due now\n");
        assertThat(cycle("true").code()).isEqualTo(3);
        CliRun last = cycle("true");
        assertThat(last.code()).as("the last one took what was left").isZero();
        assertThat(last.out()).contains("claimed 1");
    }

    @Test
    void exitThreeAtTheTaskLimitAndAJsonReport() {
        enqueue("email", 3);

        CliRun run = cycle("true", "--limit", "2", "--json");

        assertThat(run.code()).isEqualTo(3);
        Map<?, ?> report = Json.read(run.out(), Map.class);
        assertThat(report.get("stoppedBecause")).isEqualTo("TASK_LIMIT");
        assertThat(report.get("readyRemaining")).isEqualTo(1);
    }

    @Test
    void theCommandsExitStatusDecidesTheOutcome() {
        withEngine(tide -> tide.defineTaskType(TaskType.named("email").withMaxAttempts(3)));
        enqueue("email", 3);

        // n=0 fails for good, n=1 fails this attempt, n=2 succeeds
        CliRun run = cycle("n=$(sed 's/[^0-9]//g'); if [ $n = 0 ]; then echo 'bad address' >&2; exit 65; fi;"
                + " if [ $n = 1 ]; then echo 'smtp down' >&2; exit 1; fi");

        assertThat(run.out()).contains("claimed 3, succeeded 1, failed 2");
        List<TaskInfo> tasks = tasks();
        assertThat(tasks.get(0).outcome()).isEqualTo(Outcome.FAILED);
        assertThat(tasks.get(0).message()).isEqualTo("TaskFailure: exit 65: bad address");
        assertThat(tasks.get(1).outcome()).as("retried later").isNull();
        assertThat(tasks.get(1).message()).endsWith("exit 1: smtp down");
        assertThat(tasks.get(2).outcome()).isEqualTo(Outcome.SUCCEEDED);
        assertThat(run.code()).as("the retried task waits for its backoff").isZero();
        assertThat(run.out()).contains("remaining: none ready; next task due at ");
    }

    @Test
    void onlyTheGivenTypesOfTheGivenQueue() {
        enqueue("email", 1);
        enqueue("report", 2);

        CliRun run = cycle("true", "--types", "report");

        assertThat(run.code()).isZero();
        assertThat(run.out()).contains("claimed 2");
        assertThat(tasks().get(0).outcome()).isNull();
    }

    @Test
    void exitOneForAStoreThatCannotBeOpened() throws IOException {
        Path notAFolder = Files.writeString(work.resolve("file"), "x");

        CliRun run = tide("cycle", "--data", notAFolder.toString(), "--exec", "true");

        assertThat(run.code()).isEqualTo(1);
        assertThat(run.err()).startsWith("tide: ").hasLineCount(1);
        assertThat(run.out()).isEmpty();
    }

    @Test
    void exitTwoForBadUsage() {
        assertThat(tide("cycle", "--data", folder.toString()).code())
                .as("--exec is required")
                .isEqualTo(2);
        CliRun badDuration = cycle("true", "--max-duration", "soon");
        assertThat(badDuration.code()).isEqualTo(2);
        assertThat(badDuration.err()).contains("'soon' is not a duration");
        assertThat(cycle("true", "--batch", "0").code()).isEqualTo(2);
        assertThat(cycle("true", "--queue", "no/slash").code()).isEqualTo(2);
        assertThat(Files.exists(folder.resolve("tide.db"))).as("nothing opened").isFalse();
    }
}
