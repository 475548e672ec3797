package dev.tide.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import dev.tide.api.Discipline;
import dev.tide.api.json.Json;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The arithmetic behind the printed figures: percentiles, ratios to peers, shares of the ceiling, plan checks. */
class ReportFiguresTest {
    @Test
    void latenciesArePercentilesOfTheSamplesInMilliseconds() {
        long[] nanos = new long[100];
        for (int i = 0; i < nanos.length; i++) {
            nanos[i] = (100 - i) * 1_000_000L; // 100 ms down to 1 ms, unsorted on purpose
        }
        Latencies l = Latencies.ofNanos(nanos);
        assertThat(l.count()).isEqualTo(100);
        assertThat(l.p50Millis()).isEqualTo(51.0);
        assertThat(l.p99Millis()).isEqualTo(100.0);
        assertThat(l.maxMillis()).isEqualTo(100.0);
        assertThat(l.meanMillis()).isCloseTo(50.5, within(1e-9));
    }

    @Test
    void tideIsComparedWithEachPeerAndTheCeilingOnItsOwnDatabase() {
        List<DrainResult> results = List.of(
                new DrainResult("tide", "sqlite", 1000, 0.5, 0.1, 0, "", null, List.of()),
                new DrainResult("db-scheduler", "sqlite", 1000, 1.0, 1.0, 0, "", null, List.of()),
                new DrainResult("jobrunr", "sqlite", 1000, 1.0, 2.0, 0, "", null, List.of()),
                new DrainResult("ceiling", "sqlite", 1000, 0.1, 0.05, 0, "", null, List.of()),
                new DrainResult("tide", "postgresql", 1000, 1.0, 1.0, 0, "", null, List.of()));
        Comparison sqlite = Comparison.of("sqlite", results).orElseThrow();
        assertThat(sqlite.drainRatios()).containsOnlyKeys("db-scheduler", "jobrunr");
        assertThat(sqlite.drainRatios().get("db-scheduler")).isCloseTo(10.0, within(1e-9));
        assertThat(sqlite.drainRatios().get("jobrunr")).isCloseTo(20.0, within(1e-9));
        assertThat(sqlite.ceilingDrainShare()).isCloseTo(0.5, within(1e-9));
        assertThat(sqlite.ceilingEnqueueShare()).isCloseTo(0.2, within(1e-9));
        Comparison postgresql = Comparison.of("postgresql", results).orElseThrow();
        assertThat(postgresql.drainRatios()).isEmpty();
        assertThat(postgresql.ceilingDrainShare()).isNull();
        assertThat(Comparison.of("sqlite", results.subList(1, 3))).isEmpty();
    }

    @Test
    void theReportedRoundIsTheMedianAndKeepsEveryRoundsDuplicates() {
        List<DrainResult> rounds = List.of(
                new DrainResult("tide", "sqlite", 1000, 1, 0.5, 0, "", null, List.of()),
                new DrainResult("tide", "sqlite", 1000, 1, 0.1, 2, "", null, List.of()),
                new DrainResult("tide", "sqlite", 1000, 1, 0.2, 0, "", null, List.of()));
        DrainResult median = DrainResult.median(rounds);
        assertThat(median.drainRate()).isCloseTo(5000, within(1e-6));
        assertThat(median.duplicates()).isEqualTo(2);
        assertThat(median.roundDrainRates()).containsExactly(2000.0, 10000.0, 5000.0);
    }

    @Test
    void aCapabilitysCostIsItsMedianRunOverThePlainMedianBesideIt() {
        List<DrainResult> plain = List.of(
                new DrainResult("tide plain", "sqlite", 1000, 0.1, 0.2, 0, "", null, List.of()),
                new DrainResult("tide plain", "sqlite", 1000, 0.5, 0.1, 0, "", null, List.of()),
                new DrainResult("tide plain", "sqlite", 1000, 0.2, 0.4, 0, "", null, List.of()));
        List<DrainResult> with = List.of(
                new DrainResult("tide job", "sqlite", 1000, 0.4, 0.5, 1, "", null, List.of()),
                new DrainResult("tide job", "sqlite", 1000, 0.1, 0.25, 0, "", null, List.of()));
        CapabilityCostResult.Cost cost = new CapabilityCostResult.Cost(
                "job", 1000, "", CapabilityCostResult.Rates.of(plain), CapabilityCostResult.Rates.of(with));
        assertThat(cost.plain().enqueueRate()).isCloseTo(5000, within(1e-6));
        assertThat(cost.plain().drainRate()).isCloseTo(5000, within(1e-6));
        assertThat(cost.with().enqueueRate()).as("the mean of the middle two").isCloseTo(6250, within(1e-6));
        assertThat(cost.with().duplicates()).isEqualTo(1);
        assertThat(cost.enqueueRatio()).isCloseTo(1.25, within(1e-9));
        assertThat(cost.drainRatio()).isCloseTo(0.6, within(1e-9));

        CapabilityCostResult result =
                new CapabilityCostResult("sqlite", 1000, 3, CapabilityCostResult.Rates.of(plain), List.of(cost));
        JsonNode report = Json.mapper().valueToTree(Map.of("capabilityCost", List.of(result)));
        assertThat(BenchFigures.of(report))
                .containsEntry(new BenchFigures.Key("sqlite", "tide with job, batched enqueue, % of plain"), 125.0)
                .containsKey(new BenchFigures.Key("sqlite", "tide with job, drain, % of plain"));
    }

    @Test
    void aPlanPassesOnlyWhenItReadsItsIndexesWithoutSorting() {
        Workload fifo = Workload.of(Discipline.FIFO, 0);
        List<String> sqliteGood = List.of(
                "SEARCH tide_tasks USING INTEGER PRIMARY KEY (rowid=?)",
                "LIST SUBQUERY 1",
                "SEARCH tide_tasks USING COVERING INDEX tide_tasks_ready (queue=?)");
        List<String> sqliteSorting = List.of("SCAN tide_tasks", "USE TEMP B-TREE FOR ORDER BY");
        assertThat(BacklogBenchmark.usesIndexWithoutSort(BenchDatabase.StoreKind.SQLITE, fifo, sqliteGood))
                .isTrue();
        assertThat(BacklogBenchmark.usesIndexWithoutSort(BenchDatabase.StoreKind.SQLITE, fifo, sqliteSorting))
                .isFalse();
        List<String> postgresSorting =
                List.of("Limit", "->  Sort", "Sort Key: dispatch_key", "->  Bitmap Heap Scan using tide_tasks_ready");
        assertThat(BacklogBenchmark.usesIndexWithoutSort(BenchDatabase.StoreKind.POSTGRESQL, fifo, postgresSorting))
                .isFalse();
        Workload fair = Workload.of(Discipline.FAIR, 10);
        assertThat(BacklogBenchmark.usesIndexWithoutSort(BenchDatabase.StoreKind.SQLITE, fair, sqliteGood))
                .as("a fair claim must also read its users by turn")
                .isFalse();
        List<String> fairGood = new ArrayList<>(sqliteGood);
        fairGood.add("SEARCH u USING INDEX tide_users_turn (queue=?)");
        assertThat(BacklogBenchmark.usesIndexWithoutSort(BenchDatabase.StoreKind.SQLITE, fair, fairGood))
                .isTrue();
    }

    @Test
    void theCeilingReadsBackTheNumberItWrote() {
        assertThat(CeilingQueue.number(CeilingQueue.payload(123_456))).isEqualTo(123_456);
        assertThat(CeilingQueue.payload(7)).isEqualTo("{\"n\":7}");
    }
}
