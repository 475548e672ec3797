package dev.tide.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * {@code ./bench --compare}'s arithmetic on result files that real benches wrote: a578aa1's (issue 17's reference,
 * which reports no fairness or profile phases) and 5a3bdcb's, each from {@code --phases=drain,enqueue
 * --systems=tide,ceiling --tasks=2000 --rounds=1} on both stores.
 */
class RevisionComparisonTest {
    static final BenchFigures.Key SQLITE_DRAIN = new BenchFigures.Key("sqlite", "tide drain, tasks/s");
    static final BenchFigures.Key SQLITE_SHARE = new BenchFigures.Key("sqlite", "tide drain, % of the ceiling");
    static final BenchFigures.Key POSTGRES_DURABLE =
            new BenchFigures.Key("postgresql", "tide durable enqueue, tasks/s");

    @Test
    void readsTheFiguresOfEitherRevisionsFile() throws Exception {
        Map<BenchFigures.Key, Double> old = BenchFigures.read(resource("a578aa1.json"));
        Map<BenchFigures.Key, Double> current = BenchFigures.read(resource("5a3bdcb.json"));

        assertThat(old.get(SQLITE_DRAIN)).isCloseTo(441.297, within(0.001));
        assertThat(old.get(SQLITE_SHARE)).isCloseTo(4.367, within(0.001));
        assertThat(old.get(POSTGRES_DURABLE)).isCloseTo(132.556, within(0.001));
        assertThat(current.get(SQLITE_DRAIN)).isCloseTo(515.788, within(0.001));
        assertThat(current.get(SQLITE_SHARE)).isCloseTo(7.860, within(0.001));
        assertThat(old.keySet())
                .contains(
                        new BenchFigures.Key("postgresql", "ceiling drain, tasks/s"),
                        new BenchFigures.Key("sqlite", "tide batched enqueue, tasks/s"),
                        new BenchFigures.Key("postgresql", "tide batched enqueue, % of the ceiling"));
        assertThat(current.keySet()).isEqualTo(old.keySet());
    }

    @Test
    void comparesEveryFigureBothRevisionsReport() throws Exception {
        Map<BenchFigures.Key, Double> old = BenchFigures.read(resource("a578aa1.json"));
        Map<BenchFigures.Key, Double> current = BenchFigures.read(resource("5a3bdcb.json"));
        BenchFigures.Key onlyNew = new BenchFigures.Key("sqlite", "tide fair drain, % of fifo");
        current.put(onlyNew, 80.0);

        List<RevisionComparison.Row> rows = RevisionComparison.rows(List.of(old), List.of(current));

        assertThat(rows).extracting(RevisionComparison.Row::key).containsExactlyInAnyOrderElementsOf(old.keySet());
        assertThat(rows)
                .extracting(r -> r.key().store())
                .containsSubsequence("sqlite", "postgresql")
                .doesNotContainSubsequence("postgresql", "sqlite");
        RevisionComparison.Row drain = rows.stream()
                .filter(r -> r.key().equals(SQLITE_DRAIN))
                .findFirst()
                .orElseThrow();
        assertThat(drain.oldSpread()).isZero();
        assertThat(drain.reached()).isTrue(); // 515.8 against 441.3
        RevisionComparison.Row durable = rows.stream()
                .filter(r -> r.key().equals(POSTGRES_DURABLE))
                .findFirst()
                .orElseThrow();
        assertThat(durable.reached()).isFalse(); // 115.6 against 132.6, and one round has no spread
    }

    @Test
    void reachedMeansTheNewMedianIsAtLeastTheOldMedianLessTheOldSpread() {
        List<Double> old = List.of(120.0, 126.0, 118.0);
        assertThat(RevisionComparison.median(old)).isEqualTo(120.0);
        assertThat(RevisionComparison.spread(old)).isEqualTo(8.0);
        assertThat(RevisionComparison.median(List.of(1.0, 4.0, 2.0, 3.0))).isEqualTo(2.5);

        assertThat(row(old, List.of(112.0, 111.0, 130.0)).reached()).isTrue();
        assertThat(row(old, List.of(111.9, 100.0, 130.0)).reached()).isFalse();
    }

    @Test
    void printsEachFigureWithItsVerdict() throws Exception {
        RevisionComparison comparison = new RevisionComparison();
        comparison.oldFiles = List.of(resource("a578aa1.json"));
        comparison.newFiles = List.of(resource("5a3bdcb.json"));
        comparison.oldName = "a578aa1";
        comparison.newName = "the working tree";
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();

        comparison.print(
                RevisionComparison.rows(
                        List.of(BenchFigures.read(resource("a578aa1.json"))),
                        List.of(BenchFigures.read(resource("5a3bdcb.json")))),
                new PrintStream(bytes, true, StandardCharsets.UTF_8));

        String printed = bytes.toString(StandardCharsets.UTF_8);
        assertThat(printed).contains("the working tree against a578aa1");
        assertThat(printed.lines().filter(l -> l.startsWith("sqlite      tide drain, tasks/s")))
                .singleElement()
                .asString()
                .contains("441.3", "515.8", "+16.9%", "reached");
    }

    private static RevisionComparison.Row row(List<Double> old, List<Double> current) {
        return new RevisionComparison.Row(SQLITE_DRAIN, old, current);
    }

    private static Path resource(String name) throws URISyntaxException {
        return Path.of(
                RevisionComparisonTest.class.getResource("/compare/" + name).toURI());
    }
}
