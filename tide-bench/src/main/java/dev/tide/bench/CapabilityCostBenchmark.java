package dev.tide.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

/**
 * The capabilities phase: what each of Tide's capabilities costs when it is in use. For each {@link Capability} the
 * drain benchmark's workload (batched enqueue, then one worker pool's drain) runs with that capability alone switched
 * on and through a plain fifo queue, in turns (plain first in odd rounds, the capability first in even ones) so that
 * drift on a shared machine hits both alike; every run has a fresh database. Each capability is warmed up once first,
 * unmeasured, as the plain queue is at the start, so that its own code paths are compiled before they are timed.
 */
final class CapabilityCostBenchmark {
    private CapabilityCostBenchmark() {}

    static CapabilityCostResult run(
            BenchDatabases databases, BenchDatabase.StoreKind kind, int tasks, int rounds, boolean warmup)
            throws Exception {
        int warmupTasks = Math.max(1000, tasks / 2);
        if (warmup) {
            progress("warming up %s on %s", Capability.PLAIN.label(), kind.label());
            once(databases, kind, Capability.PLAIN, warmupTasks);
        }
        List<DrainResult> allPlain = new ArrayList<>();
        List<CapabilityCostResult.Cost> costs = new ArrayList<>();
        for (Capability capability : Capability.values()) {
            if (capability == Capability.PLAIN) {
                continue;
            }
            int size = capability.tasks(tasks);
            if (warmup) {
                progress("warming up %s on %s", capability.label(), kind.label());
                once(databases, kind, capability, capability.tasks(warmupTasks));
            }
            List<DrainResult> plain = new ArrayList<>();
            List<DrainResult> with = new ArrayList<>();
            for (int round = 1; round <= rounds; round++) {
                boolean plainFirst = round % 2 == 1;
                for (Capability side :
                        plainFirst ? List.of(Capability.PLAIN, capability) : List.of(capability, Capability.PLAIN)) {
                    DrainResult result = once(databases, kind, side, size);
                    (side == Capability.PLAIN ? plain : with).add(result);
                    progress(
                            "%s on %s (%s's round %d of %d): enqueue %,.0f/s, drain %,.0f/s%s",
                            side.label(),
                            kind.label(),
                            capability.label(),
                            round,
                            rounds,
                            result.enqueueRate(),
                            result.drainRate(),
                            result.duplicates() == 0 ? "" : ", " + result.duplicates() + " DUPLICATE RUNS");
                }
            }
            if (size == tasks) {
                allPlain.addAll(plain);
            }
            costs.add(new CapabilityCostResult.Cost(
                    capability.label(),
                    size,
                    capability.description(),
                    CapabilityCostResult.Rates.of(plain),
                    CapabilityCostResult.Rates.of(with)));
        }
        return new CapabilityCostResult(
                kind.label(), tasks, rounds, CapabilityCostResult.Rates.of(allPlain), List.copyOf(costs));
    }

    /** One run of {@code tasks} tasks with {@code capability} on a fresh database (and a fresh blob folder). */
    private static DrainResult once(
            BenchDatabases databases, BenchDatabase.StoreKind kind, Capability capability, int tasks) throws Exception {
        Path blobs = databases.workFolder().resolve("capability-blobs-" + System.nanoTime());
        try {
            System.gc();
            return DrainBenchmark.run(
                    databases, kind, "capability-" + capability.label(), capability.factory(blobs), tasks);
        } finally {
            delete(blobs);
        }
    }

    private static void delete(Path folder) {
        if (!Files.exists(folder)) {
            return;
        }
        try (Stream<Path> files = Files.walk(folder)) {
            for (Path p : files.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        } catch (IOException e) {
            System.err.println("bench: could not delete " + folder + ": " + e.getMessage());
        }
    }

    private static void progress(String format, Object... args) {
        System.err.printf("bench: " + format + "%n", args);
    }
}
