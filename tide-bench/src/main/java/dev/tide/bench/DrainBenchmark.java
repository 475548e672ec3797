package dev.tide.bench;

import java.util.List;

/** Runs one queue through the drain benchmark on a fresh database: enqueue every task, then drain them all. */
final class DrainBenchmark {
    private DrainBenchmark() {}

    /** A queue under test, built on the database it is given. */
    interface Factory {
        QueueUnderTest open(BenchDatabase database) throws Exception;
    }

    static DrainResult run(BenchDatabases databases, BenchDatabase.StoreKind store, String system, int tasks)
            throws Exception {
        return run(databases, store, system, QueueSystems.factory(system), tasks);
    }

    /** Runs the queue {@code factory} builds, on a fresh database named after {@code name}. */
    static DrainResult run(
            BenchDatabases databases, BenchDatabase.StoreKind store, String name, Factory factory, int tasks)
            throws Exception {
        try (BenchDatabase database = databases.fresh(store, name);
                QueueUnderTest queue = factory.open(database)) {
            Ledger ledger = new Ledger(tasks);
            long start = System.nanoTime();
            queue.enqueue(tasks);
            long enqueued = System.nanoTime();
            long writtenBefore = ProcessIo.writtenBytes();
            queue.drain(tasks, ledger);
            long drained = System.nanoTime();
            long written = ProcessIo.writtenBytes() - writtenBefore;
            if (ledger.executed() != tasks) {
                throw new IllegalStateException(
                        queue.system() + " ran " + ledger.executed() + " of " + tasks + " tasks");
            }
            return new DrainResult(
                    queue.system(),
                    database.kind().label(),
                    tasks,
                    (enqueued - start) / 1e9,
                    (drained - enqueued) / 1e9,
                    ledger.duplicates(),
                    queue.settings(),
                    store == BenchDatabase.StoreKind.SQLITE && writtenBefore >= 0 ? (double) written / tasks : null,
                    List.of());
        }
    }
}
