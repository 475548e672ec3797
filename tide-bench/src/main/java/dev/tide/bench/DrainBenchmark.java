package dev.tide.bench;

/** Runs one queue through the drain benchmark on a fresh database: enqueue every task, then drain them all. */
final class DrainBenchmark {
    private DrainBenchmark() {}

    /** A queue under test, built on the database it is given. */
    interface Factory {
        QueueUnderTest open(BenchDatabase database) throws Exception;
    }

    static DrainResult run(BenchDatabases databases, BenchDatabase.StoreKind store, String system, int tasks)
            throws Exception {
        try (BenchDatabase database = databases.fresh(store, system);
                QueueUnderTest queue = QueueSystems.factory(system).open(database)) {
            Ledger ledger = new Ledger(tasks);
            long start = System.nanoTime();
            queue.enqueue(tasks);
            long enqueued = System.nanoTime();
            queue.drain(tasks, ledger);
            long drained = System.nanoTime();
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
                    queue.settings());
        }
    }
}
