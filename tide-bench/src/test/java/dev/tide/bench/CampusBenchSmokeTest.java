package dev.tide.bench;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.tide.api.json.Json;
import dev.tide.core.testing.PostgresTestDatabase;
import java.nio.file.Files;
import java.nio.file.Path;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.w3c.dom.Document;
import picocli.CommandLine;

/**
 * Runs the campus phase as {@code ./bench --phases=campus} does, at the thesis's smallest size (25 lines), each way in
 * a fresh JVM, and checks what it reports: both ways enrolled every line in the table, the queued way mailed its report
 * to a real SMTP server, and the times and heap figures are there and plausible. Then one try of the largest-file
 * search that must run out of heap: a direct import of a file far too large for a 16 MB JVM.
 */
class CampusBenchSmokeTest {
    private static final int LINES = 25;
    private static final int HEAP_MB = 128;

    @TempDir
    Path folder;

    @Test
    void bothWaysEnrollEveryLineOnSqlite() throws Exception {
        checkReport(run("sqlite", PostgresTestDatabase.DEFAULT_URL), "sqlite");
    }

    @Test
    @SuppressWarnings("try") // opened only so that create() skips the test without PostgreSQL
    void bothWaysEnrollEveryLineOnPostgresql() throws Exception {
        try (PostgresTestDatabase reachable = PostgresTestDatabase.create("campus_bench_smoke")) {
            // create() skips this test (or fails it under CI) when PostgreSQL cannot be reached.
        }
        checkReport(run("postgresql", PostgresTestDatabase.baseUrl()), "postgresql");
    }

    @Test
    void aDirectImportTooLargeForItsHeapRunsOutOfMemory() throws Exception {
        BenchDatabases databases = new BenchDatabases(PostgresTestDatabase.DEFAULT_URL, folder.resolve("work"));
        // 300,000 lines are 5 MB of text, which the direct import holds whole and parsed: far over 16 MB of heap
        assertThat(CampusBenchmark.tryInHeap(databases, BenchDatabase.StoreKind.SQLITE, ImportWay.DIRECT, 300_000, 16))
                .isEqualTo(LargestFileSearch.Outcome.OUT_OF_MEMORY);
    }

    private JsonNode run(String store, String postgresUrl) throws Exception {
        Path out = folder.resolve("bench.json");
        int exit = new CommandLine(new BenchMain())
                .execute(
                        "--phases=campus",
                        "--stores=" + store,
                        "--campus-lines=" + LINES,
                        "--rounds=1",
                        "--campus-heap=" + HEAP_MB,
                        "--campus-search-heap=0",
                        "--no-warmup",
                        "--pg-url=" + postgresUrl,
                        "--work=" + folder.resolve("work"),
                        "--campus-chart=" + folder.resolve("chart.svg"),
                        "--out=" + out);
        assertThat(exit).isZero();
        return Json.mapper().readTree(out.toFile());
    }

    private void checkReport(JsonNode report, String store) throws Exception {
        JsonNode campus = report.get("campus").get(0);
        assertThat(campus.get("store").asText()).isEqualTo(store);
        assertThat(campus.get("heapMb").asInt()).isEqualTo(HEAP_MB);
        assertThat(absent(campus, "largestDirect")).isTrue();
        JsonNode row = campus.get("rows").get(0);
        assertThat(row.get("lines").asInt()).isEqualTo(LINES);

        JsonNode direct = row.get("direct");
        JsonNode queued = row.get("queued");
        for (JsonNode way : new JsonNode[] {direct, queued}) {
            String name = way.get("way").asText();
            assertThat(way.get("enrolled").asInt()).as(name).isEqualTo(LINES);
            assertThat(way.get("warmedUp").asBoolean()).isFalse();
            assertThat(way.get("requestSeconds").asDouble())
                    .as(name)
                    .isPositive()
                    .isLessThan(30);
            assertThat(way.get("lastEnrollmentSeconds").asDouble())
                    .as(name)
                    .isGreaterThanOrEqualTo(way.get("requestSeconds").asDouble())
                    .isLessThan(30);
            JsonNode heap = way.get("heap");
            // the heap figures are this child's: under its -Xmx, above nothing
            assertThat(heap.get("limitMb").asDouble()).as(name).isBetween(HEAP_MB * 0.9, HEAP_MB * 1.0);
            assertThat(heap.get("baselineMb").asDouble()).as(name).isPositive();
            // G1 counts its young generation in whole regions: a small import may stay in the region already open
            assertThat(heap.get("peakMb").asDouble())
                    .as(name)
                    .isGreaterThanOrEqualTo(heap.get("baselineMb").asDouble())
                    .isLessThanOrEqualTo(HEAP_MB);
            assertThat(heap.get("allocatedMb").asDouble()).as(name).isPositive();
            if (!absent(heap, "afterCollectionMb")) {
                assertThat(heap.get("afterCollectionMb").asDouble()).as(name).isPositive();
            }
        }
        assertThat(direct.get("lastEnrollmentSeconds").asDouble())
                .isEqualTo(direct.get("requestSeconds").asDouble());
        assertThat(absent(direct, "reportSeconds")).isTrue();
        // queued: the report mail, which the phase also counted arriving at its SMTP server, went after the last line
        assertThat(queued.get("reportSeconds").asDouble())
                .isGreaterThanOrEqualTo(queued.get("lastEnrollmentSeconds").asDouble());
        assertThat(queued.get("workers").asInt()).isEqualTo(8);
        assertThat(row.get("directRoundSeconds").get(0).asDouble())
                .isEqualTo(direct.get("lastEnrollmentSeconds").asDouble());
        assertThat(row.get("queuedRoundSeconds").get(0).asDouble())
                .isEqualTo(queued.get("lastEnrollmentSeconds").asDouble());
        assertThat(row.get("lastEnrollmentRatio").asDouble()).isPositive();
        assertThat(row.get("peakHeapRatio").asDouble()).isPositive();
        assertThat(campus.get("meanLastEnrollmentRatio").asDouble())
                .isEqualTo(row.get("lastEnrollmentRatio").asDouble());

        Path chart = folder.resolve("chart.svg");
        Document svg = DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(Files.newInputStream(chart));
        assertThat(svg.getDocumentElement().getTagName()).isEqualTo("svg");
        assertThat(svg.getElementsByTagName("polyline").getLength()).isGreaterThanOrEqualTo(3 + 2 + 4);
        assertThat(report.get("command").asText()).contains("--phases=campus").contains("--campus-lines=25");
    }

    /** Null, or left out of the JSON as nulls are. */
    private static boolean absent(JsonNode node, String field) {
        return node.path(field).isNull() || node.path(field).isMissingNode();
    }
}
