package dev.tide.bench;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.tide.api.json.Json;
import dev.tide.core.testing.PostgresTestDatabase;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * Runs the whole benchmark, every phase, at a size that proves it works rather than measures anything, and checks the
 * report it writes: every run counted every task exactly once, and the backlog phase ran in its heap-limited JVM. The
 * peers run on SQLite; on PostgreSQL Tide and the ceiling do (the peers' PostgreSQL setup is the same code with another
 * URL, and running them twice would add a minute to the suite). Speed is not asserted here; {@code ./bench} measures
 * it.
 */
class BenchSmokeTest {
    private static final int TASKS = 300;

    @TempDir
    Path folder;

    @Test
    void everyPhaseRunsOnSqlite() throws Exception {
        checkReport(run("sqlite", PostgresTestDatabase.DEFAULT_URL, QueueSystems.ALL), "sqlite", QueueSystems.ALL);
    }

    @Test
    @SuppressWarnings("try") // opened only so that create() skips the test without PostgreSQL
    void everyPhaseRunsOnPostgresql() throws Exception {
        try (PostgresTestDatabase reachable = PostgresTestDatabase.create("bench_smoke")) {
            // create() skips this test (or fails it under CI) when PostgreSQL cannot be reached.
        }
        List<String> systems = List.of(QueueSystems.TIDE, QueueSystems.CEILING);
        checkReport(run("postgresql", PostgresTestDatabase.baseUrl(), systems), "postgresql", systems);
    }

    /** The capabilities phase, which the default run leaves out: every capability against the plain queue. */
    @Test
    void theCapabilitiesPhaseRunsOnSqlite() throws Exception {
        Path out = folder.resolve("capabilities.json");
        int exit = new CommandLine(new BenchMain())
                .execute(
                        "--tasks=" + TASKS,
                        "--no-warmup",
                        "--rounds=1",
                        "--stores=sqlite",
                        "--phases=capabilities",
                        "--work=" + folder.resolve("work"),
                        "--out=" + out);
        assertThat(exit).isZero();
        JsonNode result =
                Json.mapper().readTree(out.toFile()).get("capabilityCost").get(0);
        assertThat(result.get("plain").get("drainRate").asDouble()).isPositive();
        List<String> capabilities = new ArrayList<>();
        for (JsonNode cost : result.get("capabilities")) {
            String capability = cost.get("capability").asText();
            capabilities.add(capability);
            assertThat(cost.get("tasks").asInt()).isEqualTo(TASKS);
            for (String side : List.of("plain", "with")) {
                assertThat(cost.get(side).get("duplicates").asLong())
                        .as(capability)
                        .isZero();
            }
            assertThat(cost.get("enqueueRatio").asDouble()).as(capability).isPositive();
            assertThat(cost.get("drainRatio").asDouble()).as(capability).isPositive();
        }
        assertThat(capabilities)
                .containsExactlyElementsOf(Arrays.stream(Capability.values())
                        .filter(c -> c != Capability.PLAIN)
                        .map(Capability::label)
                        .toList());
    }

    private JsonNode run(String store, String postgresUrl, List<String> systems) throws Exception {
        Path out = folder.resolve("bench.json");
        int exit = new CommandLine(new BenchMain())
                .execute(
                        "--tasks=" + TASKS,
                        "--no-warmup",
                        "--rounds=1",
                        "--stores=" + store,
                        "--systems=" + String.join(",", systems),
                        "--producers=4",
                        "--producer-tasks=25",
                        "--backlog=300,1500",
                        "--disciplines=fifo,fair",
                        "--pg-url=" + postgresUrl,
                        "--work=" + folder.resolve("work"),
                        "--out=" + out);
        assertThat(exit).isZero();
        return Json.mapper().readTree(out.toFile());
    }

    private static void checkReport(JsonNode report, String store, List<String> expectedSystems) {
        List<String> systems = new ArrayList<>();
        for (JsonNode run : report.get("drain")) {
            assertThat(run.get("store").asText()).isEqualTo(store);
            assertThat(run.get("tasks").asInt()).isEqualTo(TASKS);
            assertThat(run.get("duplicates").asLong())
                    .as(run.get("system").asText())
                    .isZero();
            assertThat(run.get("drainRate").asDouble()).isPositive();
            assertThat(run.get("settings").asText()).isNotBlank();
            systems.add(run.get("system").asText());
        }
        assertThat(systems).containsExactlyElementsOf(expectedSystems);

        JsonNode comparison = report.get("comparisons").get(0);
        for (String peer : List.of(QueueSystems.DB_SCHEDULER, QueueSystems.JOBRUNR)) {
            assertThat(comparison.get("drainRatios").has(peer)).isEqualTo(expectedSystems.contains(peer));
        }
        assertThat(comparison.get("ceilingDrainShare").asDouble()).isPositive();

        JsonNode enqueue = report.get("durableEnqueue").get(0);
        assertThat(enqueue.get("tasks").asInt()).isEqualTo(100);
        assertThat(enqueue.get("rate").asDouble()).isPositive();
        if (store.equals("sqlite")) {
            assertThat(enqueue.get("commitLatency").get("count").asInt()).isPositive();
        }

        List<String> disciplines = new ArrayList<>();
        for (JsonNode backlog : report.get("backlog")) {
            String discipline = backlog.get("discipline").asText();
            disciplines.add(discipline);
            assertThat(backlog.get("large").get("queued").asInt()).isEqualTo(1500);
            assertThat(backlog.get("planUsesIndexWithoutSort").asBoolean())
                    .as(discipline + ": " + backlog.get("plan"))
                    .isTrue();
            assertThat(backlog.get("heapMaxMb").asDouble()).isLessThanOrEqualTo(BacklogBenchmark.HEAP_LIMIT_MB);
            assertThat(backlog.get("growth").asDouble()).isPositive();
        }
        assertThat(disciplines).containsExactly("fifo", "fair (1,000 users)");

        JsonNode fairness = report.get("fairness").get(0);
        assertThat(fairness.get("users").asInt()).isEqualTo(1000);
        for (String drain : List.of("fifo", "fair")) {
            assertThat(fairness.get(drain).get("tasks").asInt()).isEqualTo(TASKS);
            assertThat(fairness.get(drain).get("duplicates").asLong()).isZero();
        }
        assertThat(fairness.get("drainShare").asDouble()).isPositive();

        JsonNode profiles = report.get("profileCost").get(0);
        assertThat(profiles.get("queued").asInt()).isEqualTo(300);
        assertThat(profiles.get("withProfile").get("count").asInt()).isEqualTo(100);
        assertThat(profiles.get("ratio").asDouble()).isPositive();

        assertThat(report.get("environment").get("fsync").get("count").asInt()).isPositive();
        assertThat(report.get("command").asText()).startsWith("./bench ");
    }
}
