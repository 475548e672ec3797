package dev.tide.bench;

/**
 * A queue in the drain benchmark: it enqueues the benchmark's no-op tasks (numbered from 0) in batches, then drains
 * them with in-process workers whose handler only records the task's number in a {@link Ledger}.
 */
interface QueueUnderTest extends AutoCloseable {

    /** The system's name in the report: {@code tide}, {@code db-scheduler}, {@code jobrunr}, {@code ceiling}. */
    String system();

    /** The settings it runs with, as the report states them. */
    String settings();

    /** Enqueues tasks 0 .. count-1, in batches; returns once they are all durable. */
    void enqueue(int count) throws Exception;

    /**
     * Starts the workers and returns once every task has run and its completion is durable in the database (not
     * merely once the handlers returned).
     */
    void drain(int count, Ledger ledger) throws Exception;

    /** Throws nothing checked: an AutoCloseable whose close() may throw InterruptedException is a lint warning. */
    @Override
    void close();
}
