package dev.tide.bench;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code ./bench --compare REV}'s verdict: the result files of an old revision's bench runs against those of the new
 * one's, run in turns with the same options. Per store and figure, each side's median and spread (max - min), and
 * "reached" when the new median is at least the old median minus the old spread (issue 17's rule). Only figures both
 * sides report are compared; every figure is one where more is better.
 */
@Command(
        name = "bench --compare",
        mixinStandardHelpOptions = true,
        description = "Compares the result files of two revisions' bench runs.")
public final class RevisionComparison implements Callable<Integer> {

    /** One figure on both sides. */
    record Row(BenchFigures.Key key, List<Double> old, List<Double> current) {
        double oldMedian() {
            return median(old);
        }

        double oldSpread() {
            return spread(old);
        }

        double newMedian() {
            return median(current);
        }

        double newSpread() {
            return spread(current);
        }

        boolean reached() {
            return newMedian() >= oldMedian() - oldSpread();
        }
    }

    @Option(names = "--old", split = ",", required = true, description = "The old revision's result files.")
    List<Path> oldFiles;

    @Option(names = "--new", split = ",", required = true, description = "The new revision's result files.")
    List<Path> newFiles;

    @Option(names = "--old-name", defaultValue = "old", description = "What to call the old revision.")
    String oldName;

    @Option(names = "--new-name", defaultValue = "new", description = "What to call the new revision.")
    String newName;

    public static void main(String[] args) {
        System.exit(new CommandLine(new RevisionComparison()).execute(args));
    }

    @Override
    public Integer call() throws Exception {
        List<Map<BenchFigures.Key, Double>> old = new ArrayList<>();
        for (Path file : oldFiles) {
            old.add(BenchFigures.read(file));
        }
        List<Map<BenchFigures.Key, Double>> current = new ArrayList<>();
        for (Path file : newFiles) {
            current.add(BenchFigures.read(file));
        }
        print(rows(old, current), System.out);
        return 0;
    }

    /** The figures that every file on both sides reports, store by store, each in the order of the first old file. */
    static List<Row> rows(List<Map<BenchFigures.Key, Double>> old, List<Map<BenchFigures.Key, Double>> current) {
        List<String> stores = old.getFirst().keySet().stream()
                .map(BenchFigures.Key::store)
                .distinct()
                .toList();
        List<Row> rows = new ArrayList<>();
        for (BenchFigures.Key key : old.getFirst().keySet()) {
            List<Double> before = values(old, key);
            List<Double> after = values(current, key);
            if (before != null && after != null) {
                rows.add(new Row(key, before, after));
            }
        }
        rows.sort(Comparator.comparingInt(r -> stores.indexOf(r.key().store())));
        return List.copyOf(rows);
    }

    private static List<Double> values(List<Map<BenchFigures.Key, Double>> runs, BenchFigures.Key key) {
        List<Double> values = new ArrayList<>();
        for (Map<BenchFigures.Key, Double> run : runs) {
            Double value = run.get(key);
            if (value == null) {
                return null;
            }
            values.add(value);
        }
        return values;
    }

    void print(List<Row> rows, PrintStream out) {
        out.printf(
                "%n%s against %s, %d run(s) of %s and %d of %s, in turns; reached = new median >= old median - old"
                        + " spread%n",
                newName, oldName, oldFiles.size(), oldName, newFiles.size(), newName);
        out.printf(
                "%-11s %-40s %12s %10s %12s %10s %8s  %s%n",
                "store", "figure", "old median", "spread", "new median", "spread", "change", "verdict");
        for (Row r : rows) {
            out.printf(
                    "%-11s %-40s %,12.1f %,10.1f %,12.1f %,10.1f %+7.1f%%  %s%n",
                    r.key().store(),
                    r.key().figure(),
                    r.oldMedian(),
                    r.oldSpread(),
                    r.newMedian(),
                    r.newSpread(),
                    r.oldMedian() == 0 ? 0 : 100 * (r.newMedian() / r.oldMedian() - 1),
                    r.reached() ? "reached" : "NOT reached");
        }
    }

    /** The middle value; with an even count, the mean of the two middle ones. */
    static double median(List<Double> values) {
        List<Double> sorted = values.stream().sorted().toList();
        int n = sorted.size();
        return n % 2 == 1 ? sorted.get(n / 2) : (sorted.get(n / 2 - 1) + sorted.get(n / 2)) / 2;
    }

    static double spread(List<Double> values) {
        double max = values.stream().mapToDouble(Double::doubleValue).max().orElse(0);
        double min = values.stream().mapToDouble(Double::doubleValue).min().orElse(0);
        return max - min;
    }
}
