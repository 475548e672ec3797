package dev.tide.server.dashboard;

import java.util.Objects;
import java.util.Set;

/**
 * The objects a configuration file manages (created or updated to match it at every start), which the dashboard marks
 * "managed by tide.yaml": a change made on the dashboard to one of them lasts only until the server starts again. Held
 * in memory by the server that applied the file; a node started without the file marks nothing.
 *
 * @param source what manages them, as shown: the file's name
 * @param profiles profiles by key ({@code task:<type>} or {@code job:<type>})
 */
public record ManagedObjects(
        String source,
        Set<String> queues,
        Set<String> taskTypes,
        Set<String> jobTypes,
        Set<String> profiles,
        Set<String> schedules,
        Set<String> processors) {

    public static final ManagedObjects NONE =
            new ManagedObjects("", Set.of(), Set.of(), Set.of(), Set.of(), Set.of(), Set.of());

    public ManagedObjects {
        Objects.requireNonNull(source, "source");
        queues = Set.copyOf(queues);
        taskTypes = Set.copyOf(taskTypes);
        jobTypes = Set.copyOf(jobTypes);
        profiles = Set.copyOf(profiles);
        schedules = Set.copyOf(schedules);
        processors = Set.copyOf(processors);
    }

    public boolean queue(String name) {
        return queues.contains(name);
    }

    public boolean profile(String key) {
        return profiles.contains(key);
    }

    public boolean schedule(String name) {
        return schedules.contains(name);
    }

    public boolean processor(String name) {
        return processors.contains(name);
    }
}
