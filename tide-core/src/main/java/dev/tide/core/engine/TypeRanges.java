package dev.tide.core.engine;

import dev.tide.api.InputRanges;
import dev.tide.api.InvalidRequestException;
import dev.tide.api.JobType;
import dev.tide.api.TaskDefaults;
import dev.tide.api.TaskType;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * The ranges of a type's durations ({@link InputRanges}): checked when a type is defined, and reported for types stored
 * before they were checked, whose values the engine then bounds where it uses them instead of failing requests.
 */
public final class TypeRanges {
    private TypeRanges() {}

    /** Refuses a definition's default outside its range, naming the field under {@code prefix}. */
    public static void check(String prefix, TaskDefaults defaults) {
        List<InvalidRequestException> problems = problems(prefix, defaults);
        if (!problems.isEmpty()) {
            throw problems.get(0);
        }
    }

    /** What is out of range in stored types, one line each ("task type x: defaultDuration is ..."). */
    public static List<String> outOfRange(List<TaskType> taskTypes, List<JobType> jobTypes) {
        List<String> out = new ArrayList<>();
        for (TaskType type : taskTypes) {
            problems("", type.defaults()).forEach(p -> out.add("task type " + type.name() + ": " + p.getMessage()));
        }
        for (JobType type : jobTypes) {
            List<InvalidRequestException> problems = new ArrayList<>();
            within(problems, "defaultDuration", type.defaultDuration(), InputRanges.DEFAULT_DURATION);
            problems.addAll(problems("taskDefaults.", type.taskDefaults()));
            problems.forEach(p -> out.add("job type " + type.name() + ": " + p.getMessage()));
        }
        return out;
    }

    /** A stored lease in milliseconds, at most {@link InputRanges#LEASE}'s longest. */
    static long leaseMillis(Duration stored) {
        return stored.compareTo(InputRanges.LEASE.max()) > 0
                ? InputRanges.LEASE.max().toMillis()
                : stored.toMillis();
    }

    private static List<InvalidRequestException> problems(String prefix, TaskDefaults defaults) {
        List<InvalidRequestException> out = new ArrayList<>();
        within(out, prefix + "defaultDuration", defaults.defaultDuration(), InputRanges.DEFAULT_DURATION);
        within(out, prefix + "leaseDuration", defaults.leaseDuration(), InputRanges.LEASE);
        if (defaults.backoff() != null) {
            within(out, prefix + "backoff.initial", defaults.backoff().initial(), InputRanges.DELAY);
            within(out, prefix + "backoff.max", defaults.backoff().max(), InputRanges.DELAY);
        }
        return out;
    }

    private static void within(
            List<InvalidRequestException> out, String field, Duration value, InputRanges.DurationRange range) {
        try {
            range.check(field, value);
        } catch (InvalidRequestException e) {
            out.add(e);
        }
    }
}
