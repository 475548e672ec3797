package dev.tide.api;

import java.time.Duration;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;

/**
 * A kind of work (the thesis's {@code task_types}): the name tasks refer to and the defaults they take. Fields left null
 * fall back to the job type's task defaults, then the engine's. A type need not be defined before it is used: an
 * undefined type takes the defaults of the levels below it.
 *
 * @param coalescing what a task of this type with a coalescing key does to a pending task with the same key, queue and
 *     owner ({@link NewTask#coalescingKey()}); null for {@link Coalescing#KEEP}
 * @param deleteBlobOnCompletion whether a task of this type that keeps its payload in a blob ({@link TaskBlob}) has the
 *     blob deleted as soon as it succeeds, rather than when retention prunes the task (the thesis's immediate
 *     clean-up). A failed or cancelled task keeps its blob, so that it can be retried. Null for false
 */
public record TaskType(
        String name,
        @Nullable Integer priority,
        @Nullable Integer maxAttempts,
        @Nullable Duration defaultDuration,
        @Nullable Duration leaseDuration,
        @Nullable RetryBackoff backoff,
        @Nullable Coalescing coalescing,
        @Nullable Boolean deleteBlobOnCompletion) {

    /** Names of types, queues and job types: letters, digits and {@code . _ : -}, 1 to 100 characters. */
    public static final Pattern NAME = Pattern.compile("[A-Za-z0-9._:-]{1,100}");

    public TaskType {
        requireName("name", name);
        defaults(priority, maxAttempts, defaultDuration, leaseDuration, backoff).validate("");
    }

    /** A type with the defaults given, keeping its tasks' blobs until retention prunes them. */
    public TaskType(
            String name,
            @Nullable Integer priority,
            @Nullable Integer maxAttempts,
            @Nullable Duration defaultDuration,
            @Nullable Duration leaseDuration,
            @Nullable RetryBackoff backoff,
            @Nullable Coalescing coalescing) {
        this(name, priority, maxAttempts, defaultDuration, leaseDuration, backoff, coalescing, null);
    }

    public static TaskType named(String name) {
        return new TaskType(name, null, null, null, null, null, null, null);
    }

    public TaskDefaults defaults() {
        return defaults(priority, maxAttempts, defaultDuration, leaseDuration, backoff);
    }

    private static TaskDefaults defaults(
            @Nullable Integer priority,
            @Nullable Integer maxAttempts,
            @Nullable Duration defaultDuration,
            @Nullable Duration lease,
            @Nullable RetryBackoff backoff) {
        return new TaskDefaults(priority, maxAttempts, defaultDuration, lease, backoff);
    }

    public TaskType withPriority(int value) {
        return new TaskType(
                name, value, maxAttempts, defaultDuration, leaseDuration, backoff, coalescing, deleteBlobOnCompletion);
    }

    public TaskType withMaxAttempts(int value) {
        return new TaskType(
                name, priority, value, defaultDuration, leaseDuration, backoff, coalescing, deleteBlobOnCompletion);
    }

    public TaskType withDefaultDuration(Duration value) {
        return new TaskType(
                name, priority, maxAttempts, value, leaseDuration, backoff, coalescing, deleteBlobOnCompletion);
    }

    public TaskType withLeaseDuration(Duration value) {
        return new TaskType(
                name, priority, maxAttempts, defaultDuration, value, backoff, coalescing, deleteBlobOnCompletion);
    }

    public TaskType withBackoff(RetryBackoff value) {
        return new TaskType(
                name, priority, maxAttempts, defaultDuration, leaseDuration, value, coalescing, deleteBlobOnCompletion);
    }

    /** What a task of this type does to a pending task with its coalescing key; null for {@link Coalescing#KEEP}. */
    public TaskType withCoalescing(Coalescing value) {
        return new TaskType(
                name, priority, maxAttempts, defaultDuration, leaseDuration, backoff, value, deleteBlobOnCompletion);
    }

    /** Whether its tasks' payload blobs are deleted as soon as they succeed (see the record's description). */
    public TaskType withDeleteBlobOnCompletion(boolean value) {
        return new TaskType(name, priority, maxAttempts, defaultDuration, leaseDuration, backoff, coalescing, value);
    }

    /** Whether its tasks' blobs go when they succeed; false when unset. */
    public boolean deletesBlobOnCompletion() {
        return Boolean.TRUE.equals(deleteBlobOnCompletion);
    }

    /** The coalescing policy, {@link Coalescing#KEEP} when none is set. */
    public Coalescing coalescingOrKeep() {
        return coalescing == null ? Coalescing.KEEP : coalescing;
    }

    /**
     * Whether {@code value} matches {@link #NAME}, tested character by character: every enqueue checks its type's
     * name, and a regular expression there was a measurable part of an enqueue's cost.
     */
    static boolean isName(String value) {
        int length = value.length();
        if (length == 0 || length > 100) {
            return false;
        }
        for (int i = 0; i < length; i++) {
            char c = value.charAt(i);
            boolean allowed = (c >= 'a' && c <= 'z')
                    || (c >= 'A' && c <= 'Z')
                    || (c >= '0' && c <= '9')
                    || c == '.'
                    || c == '_'
                    || c == ':'
                    || c == '-';
            if (!allowed) {
                return false;
            }
        }
        return true;
    }

    /** Checks a name against {@link #NAME}, naming {@code field} when it does not match. */
    public static String requireName(String field, String value) {
        if (value == null || !isName(value)) {
            throw new InvalidRequestException(
                    field,
                    value == null ? "is required" : "'" + value + "' must be 1 to 100 letters, digits or . _ : -");
        }
        return value;
    }
}
