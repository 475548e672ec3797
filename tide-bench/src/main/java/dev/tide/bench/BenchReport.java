package dev.tide.bench;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** Everything one run measured, as printed and as written to the JSON file. */
record BenchReport(
        String command,
        Environment environment,
        int tasks,
        TideBatches tideBatches,
        List<DrainResult> drain,
        List<Comparison> comparisons,
        List<DurableEnqueueBenchmark.Result> durableEnqueue,
        List<BacklogBenchmark.Result> backlog,
        List<FairnessResult> fairness,
        List<ProfileCostBenchmark.Result> profileCost,
        List<CapabilityCostResult> capabilityCost,
        List<DashboardBenchmark.Result> dashboard,
        List<CampusResult> campus) {

    static BenchReport of(
            String command,
            Environment environment,
            int tasks,
            List<DrainResult> drain,
            List<DurableEnqueueBenchmark.Result> durableEnqueue,
            List<BacklogBenchmark.Result> backlog,
            List<FairnessResult> fairness,
            List<ProfileCostBenchmark.Result> profileCost,
            List<CapabilityCostResult> capabilityCost,
            List<DashboardBenchmark.Result> dashboard,
            List<CampusResult> campus) {
        List<Comparison> comparisons = new ArrayList<>();
        for (BenchDatabase.StoreKind kind : BenchDatabase.StoreKind.values()) {
            Comparison.of(kind.label(), drain).ifPresent(comparisons::add);
        }
        return new BenchReport(
                command,
                environment,
                tasks,
                TideBatches.DEFAULT,
                drain,
                comparisons,
                durableEnqueue,
                backlog,
                fairness,
                profileCost,
                capabilityCost,
                dashboard,
                campus);
    }

    void print(PrintStream out) {
        Environment env = environment;
        out.printf(
                "%nTide benchmark, %s: %d cores, %,d MB, %s, %s, SQLite %s, PostgreSQL %s%n",
                env.date(), env.cores(), env.memoryMb(), env.os(), env.javaVersion(), env.sqlite(), env.postgresql());
        out.printf("fsync of 4 KiB where the SQLite files live: %s%n", env.fsync());
        if (!drain.isEmpty()) {
            printDrain(out);
        }
        for (DurableEnqueueBenchmark.Result r : durableEnqueue) {
            out.printf(
                    "%nDurable enqueue on %s, %d producers, one task per call: %,.0f tasks/s%s%n  enqueue latency %s%n",
                    r.store(),
                    r.producers(),
                    r.rate(),
                    r.store().equals("sqlite") ? " (target >= 20,000/s)" : "",
                    r.enqueueLatency());
            if (r.commitLatency() != null) {
                out.printf(
                        "  commit (fsync) latency %s; %.1f enqueues per commit%n",
                        r.commitLatency(), r.meanGroupSize());
            }
        }
        for (BacklogBenchmark.Result r : backlog) {
            out.printf(
                    "%nClaim cost on %s, %s, claims of %d: %,d queued %.3f ms, %,d queued %.3f ms: %.2fx (target <= 2x)%n",
                    r.store(),
                    r.discipline(),
                    r.claimSize(),
                    r.small().queued(),
                    r.small().claim().meanMillis(),
                    r.large().queued(),
                    r.large().claim().meanMillis(),
                    r.growth());
            out.printf(
                    "  heap with %,d queued: %.0f MB in use after GC, in a JVM limited to %.0f MB (target <= 256 MB)%n",
                    r.large().queued(), r.heapUsedMb(), r.heapMaxMb());
            out.printf(
                    "  claim plan (%s):%n",
                    r.planUsesIndexWithoutSort() ? "the ready index in order, no sort" : "NOT an ordered index scan");
            r.plan().forEach(line -> out.println("    " + line));
        }
        for (FairnessResult r : fairness) {
            out.printf(
                    "%nFairness on %s: %,d tasks drained through a fifo queue at %,.0f/s, through a fair queue of %,d"
                            + " users at %,.0f/s: %.0f%% of fifo%n",
                    r.store(), tasks, r.fifo().drainRate(), r.users(), r.fair().drainRate(), r.drainShare() * 100);
        }
        printProfileCost(out);
        capabilityCost.forEach(r -> r.print(out));
        dashboard.forEach(r -> DashboardBenchmark.print(r, out));
        campus.forEach(r -> r.print(out));
    }

    private void printProfileCost(PrintStream out) {
        for (ProfileCostBenchmark.Result r : profileCost) {
            out.printf(
                    "%nProfile enforcement on %s, claims of %d with %,d queued: no profile %.3f ms, a profile in force"
                            + " %.3f ms: %.2fx%n",
                    r.store(),
                    r.claimSize(),
                    r.queued(),
                    r.withoutProfile().meanMillis(),
                    r.withProfile().meanMillis(),
                    r.ratio());
            out.printf("  without %s%n  with    %s%n", r.withoutProfile(), r.withProfile());
        }
    }

    private void printDrain(PrintStream out) {
        out.printf(
                "%nDrain: %,d no-op tasks enqueued in batches, then drained by in-process workers (tasks/s, the median"
                        + " round)%n",
                tasks);
        out.printf(
                "%-11s %-13s %10s %10s %19s %12s %6s %14s%n",
                "store", "system", "enqueue", "drain", "drain, all rounds", "end-to-end", "dups", "bytes/task");
        for (DrainResult r : drain) {
            double min = r.roundDrainRates().stream().mapToDouble(d -> d).min().orElse(0);
            double max = r.roundDrainRates().stream().mapToDouble(d -> d).max().orElse(0);
            out.printf(
                    "%-11s %-13s %,10.0f %,10.0f %,9.0f-%,-9.0f %,12.0f %6d %14s%n",
                    r.store(),
                    r.system(),
                    r.enqueueRate(),
                    r.drainRate(),
                    min,
                    max,
                    r.endToEndRate(),
                    r.duplicates(),
                    r.drainBytesPerTask() == null ? "" : String.format("%,.0f", r.drainBytesPerTask()));
        }
        for (Comparison c : comparisons) {
            StringBuilder line = new StringBuilder("  " + c.store() + ": Tide drains");
            for (Map.Entry<String, Double> ratio : c.drainRatios().entrySet()) {
                Double target = Comparison.PEER_TARGETS.get(ratio.getKey());
                line.append(String.format(" %.1fx %s", ratio.getValue(), ratio.getKey()));
                if (target != null) {
                    line.append(String.format(" (target >= %.0fx)", target));
                }
                line.append(',');
            }
            if (c.ceilingDrainShare() != null) {
                line.append(String.format(
                        " %.0f%% of the ceiling (target >= %.0f%%); enqueues at %.0f%% of it",
                        c.ceilingDrainShare() * 100, Comparison.CEILING_TARGET * 100, c.ceilingEnqueueShare() * 100));
            }
            out.println(line);
        }
        out.println(
                "  (bytes/task: written to storage while draining, on SQLite, where the fsyncs are this process's)");
        out.println("Settings:");
        drain.stream()
                .map(r -> "  " + r.store() + " " + r.system() + ": " + r.settings())
                .distinct()
                .forEach(out::println);
    }
}
