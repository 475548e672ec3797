package dev.tide.core.statements;

/** The operations counted, in the order a round runs them. */
enum Operation {
    ENQUEUE("enqueue", 1),
    ENQUEUE_BATCH("enqueue 100", StatementCountContract.BATCH),
    CLAIM("claim 1", 1),
    CLAIM_BATCH("claim 100", StatementCountContract.BATCH),
    HEARTBEAT("heartbeat", 1),
    ACK("ack", 1),
    ACK_BATCH("ack 100", StatementCountContract.BATCH);

    final String label;
    /** The tasks it handles, for the figures per task. */
    final int tasks;

    Operation(String label, int tasks) {
        this.label = label;
        this.tasks = tasks;
    }
}
