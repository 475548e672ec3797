package dev.tide.core.dispatch;

import dev.tide.api.Discipline;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Arrays;

/**
 * The order in which ready tasks are claimed, as one byte string compared byte by byte (memcmp, as both SQLite's BLOB
 * and PostgreSQL's bytea compare). A claim is then a range scan of one index on (queue, dispatch_key, id), with the id
 * breaking ties first come first served.
 *
 * <p>Each queue's {@link Discipline} decides what the key holds ({@link #of}). The default order is the thesis's: job priority descending, job deadline ascending, task priority descending,
 * task deadline ascending. A missing deadline sorts after every real one; a task without a job has job priority 0 and
 * no job deadline. Descending fields are stored complemented, and the sign bit is flipped so that two's complement
 * numbers compare correctly as unsigned bytes.
 */
public final class DispatchKey {
    /** Bytes in a priority-order key: 4 + 8 + 4 + 8. */
    public static final int LENGTH = 24;

    /** Bytes in a roulette queue's key ({@link #race}): a double. */
    public static final int RACE_LENGTH = Double.BYTES;

    /**
     * The start of the late lane of a {@code fifo}, {@code priority} or {@code edf} queue: the tasks of a job past its
     * deadline move there ({@link #late}), behind every task on time, and claims serve the two lanes by turns (seed
     * 000: a late job is served round-robin with the next jobs, so it neither starves nor blocks them). No key of those
     * disciplines reaches it: the longest is {@value #LENGTH} bytes, and an all-0xFF key shorter than this sorts before
     * it.
     */
    public static final byte[] LATE_LANE = filled(LENGTH + 1, (byte) 0xFF);

    private DispatchKey() {}

    private static byte[] filled(int length, byte value) {
        byte[] bytes = new byte[length];
        Arrays.fill(bytes, value);
        return bytes;
    }

    /** The key of a late job's task: its key in the on-time order, behind the start of the late lane. */
    public static byte[] late(byte[] onTime) {
        byte[] key = Arrays.copyOf(LATE_LANE, LATE_LANE.length + onTime.length);
        System.arraycopy(onTime, 0, key, LATE_LANE.length, onTime.length);
        return key;
    }

    private static final byte[] FIFO = new byte[0];

    /**
     * The key of a task in a queue of the given discipline. {@code fifo}: empty, so the task id alone orders;
     * {@code priority}: {@link #priorityOrder}; {@code edf}: the earlier of the task's and the job's deadline, tasks
     * without either last. A {@code roulette} key depends on the queue's race clock instead: {@link #race}.
     */
    public static byte[] of(
            Discipline discipline, int jobPriority, Instant jobDeadline, int priority, Instant deadline) {
        return switch (discipline) {
            case FIFO -> FIFO;
            case PRIORITY -> priorityOrder(jobPriority, jobDeadline, priority, deadline);
            case EDF ->
                ByteBuffer.allocate(Long.BYTES)
                        .putLong(ascending(earliest(deadline, jobDeadline)))
                        .array();
            case ROULETTE ->
                throw new IllegalArgumentException("a roulette key is a position in the queue's race: use race()");
            case FAIR -> throw new IllegalArgumentException("a fair key starts with the task's owner: use fair()");
        };
    }

    /**
     * The key of a task at {@code position} in a roulette queue's race (a finite number, 0 or more). The bits of a
     * non-negative double, big-endian, compare as unsigned bytes in the order of the numbers.
     */
    public static byte[] race(double position) {
        if (!(position >= 0 && position < Double.POSITIVE_INFINITY)) {
            throw new IllegalArgumentException("race position must be finite and not negative: " + position);
        }
        return ByteBuffer.allocate(RACE_LENGTH).putDouble(position).array();
    }

    /** The position a {@link #race} key holds; 0 for none. */
    public static double racePosition(byte[] key) {
        return key == null || key.length != RACE_LENGTH
                ? 0
                : ByteBuffer.wrap(key).getDouble();
    }

    /**
     * The key of a task in a fair queue: its owner's name (UTF-8, which never holds a zero byte in a name without
     * control characters) and a zero byte, then the priority order. A user's ready tasks are then one range of the
     * ready index ({@link #userRange}), in priority order, and a claim takes a user's next tasks without reading
     * anyone else's.
     */
    public static byte[] fair(String owner, int jobPriority, Instant jobDeadline, int priority, Instant deadline) {
        byte[] name = owner.getBytes(StandardCharsets.UTF_8);
        return ByteBuffer.allocate(name.length + 1 + LENGTH)
                .put(name)
                .put((byte) 0)
                .put(priorityOrder(jobPriority, jobDeadline, priority, deadline))
                .array();
    }

    /** The keys of one owner's tasks in a fair queue: from {@code [0]} (inclusive) to {@code [1]} (exclusive). */
    public static byte[][] userRange(String owner) {
        byte[] name = owner.getBytes(StandardCharsets.UTF_8);
        byte[] from = Arrays.copyOf(name, name.length + 1);
        byte[] to = Arrays.copyOf(name, name.length + 1);
        to[name.length] = 1;
        return new byte[][] {from, to};
    }

    /** The owner of a task in a fair queue, from its key ({@link #fair}). */
    public static String fairOwner(byte[] key) {
        int end = 0;
        while (key[end] != 0) {
            end++;
        }
        return new String(key, 0, end, StandardCharsets.UTF_8);
    }

    private static Instant earliest(Instant a, Instant b) {
        return a == null ? b : b == null || a.isBefore(b) ? a : b;
    }

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
