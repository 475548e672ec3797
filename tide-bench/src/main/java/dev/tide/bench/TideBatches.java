package dev.tide.bench;

/**
 * The batch sizes Tide runs the drain benchmark with; the storage ceiling uses the same, so that the ceiling measures
 * what the database can do with Tide's batches, not with bigger ones.
 *
 * @param enqueue tasks per {@code enqueueAll} call
 * @param claim most tasks per claim (the worker pool claims as many as it has free slots, up to this)
 * @param ack most acknowledgements per call (the pool sends what accumulated while the previous call ran)
 * @param concurrency handlers the worker pool runs at once
 */
record TideBatches(int enqueue, int claim, int ack, int concurrency) {

    static final TideBatches DEFAULT = new TideBatches(1000, 500, 500, 1000);
}
