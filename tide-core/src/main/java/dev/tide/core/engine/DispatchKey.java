package dev.tide.core.engine;

import java.nio.ByteBuffer;
import java.time.Instant;

/**
 * The order in which ready tasks are claimed, as one byte string compared byte by byte (memcmp, as both SQLite's BLOB
 * and PostgreSQL's bytea compare). A claim is then a range scan of one index on (queue, dispatch_key, id), with the id
 * breaking ties first come first served.
 *
 * <p>The default order is the thesis's: job priority descending, job deadline ascending, task priority descending,
 * task deadline ascending. A missing deadline sorts after every real one; a task without a job has job priority 0 and
 * no job deadline. Descending fields are stored complemented, and the sign bit is flipped so that two's complement
 * numbers compare correctly as unsigned bytes.
 */
public final class DispatchKey {
    /** Bytes in a priority-order key: 4 + 8 + 4 + 8. */
    public static final int LENGTH = 24;

    private DispatchKey() {}

    public static byte[] priorityOrder(int jobPriority, Instant jobDeadline, int priority, Instant deadline) {
        ByteBuffer key = ByteBuffer.allocate(LENGTH);
        key.putInt(descending(jobPriority));
        key.putLong(ascending(jobDeadline));
        key.putInt(descending(priority));
        key.putLong(ascending(deadline));
        return key.array();
    }

    private static int descending(int value) {
        return ~value ^ Integer.MIN_VALUE;
    }

    private static long ascending(Instant instant) {
        long millis = instant == null ? Long.MAX_VALUE : instant.toEpochMilli();
        return millis ^ Long.MIN_VALUE;
    }
}
