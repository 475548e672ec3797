package dev.tide.api;

import java.time.Duration;
import org.jspecify.annotations.Nullable;

/**
 * Defaults for tasks; any field may be null, meaning "not set here, ask the next level". Levels, most specific first:
 * the task itself, its task type, its job's type, the engine.
 *
 * @param defaultDuration enqueue time plus this gives the task's deadline when none is set
 * @param leaseDuration how long a claim holds a task before it is reclaimed without a heartbeat
 */
public record TaskDefaults(
        @Nullable Integer priority,
        @Nullable Integer maxAttempts,
        @Nullable Duration defaultDuration,
        @Nullable Duration leaseDuration,
        @Nullable RetryBackoff backoff) {

    public static final TaskDefaults NONE = new TaskDefaults(null, null, null, null, null);

    /** Fields set here, else those of {@code fallback}. */
    public TaskDefaults or(TaskDefaults fallback) {
        if (fallback == null) {
            return this;
        }
        return new TaskDefaults(
                priority != null ? priority : fallback.priority,
                maxAttempts != null ? maxAttempts : fallback.maxAttempts,
                defaultDuration != null ? defaultDuration : fallback.defaultDuration,
                leaseDuration != null ? leaseDuration : fallback.leaseDuration,
                backoff != null ? backoff : fallback.backoff);
    }

    void validate(String prefix) {
        if (maxAttempts != null && maxAttempts < 1) {
            throw new InvalidRequestException(prefix + "maxAttempts", "must be at least 1");
        }
        if (defaultDuration != null && (defaultDuration.isNegative() || defaultDuration.isZero())) {
            throw new InvalidRequestException(prefix + "defaultDuration", "must be positive");
        }
        if (leaseDuration != null && leaseDuration.compareTo(Duration.ofMillis(1)) < 0) {
            throw new InvalidRequestException(prefix + "leaseDuration", "must be at least 1 ms");
        }
    }
}
