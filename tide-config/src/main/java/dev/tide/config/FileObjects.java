package dev.tide.config;

import dev.tide.api.JobType;
import dev.tide.api.ProcessorDefinition;
import dev.tide.api.Profile;
import dev.tide.api.QueueDefinition;
import dev.tide.api.Schedule;
import dev.tide.api.TaskQueue;
import dev.tide.api.TaskType;
import dev.tide.api.TideException;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;

/**
 * Makes the store hold the objects the settings name: each task type, job type, queue, profile, schedule and processor
 * is created, or updated to match, in that order (types before what refers to them). Nothing is deleted: an object
 * the file no longer names stays as it is, and becomes an ordinary one the dashboard no longer marks.
 *
 * @param queues the names of the queues applied, and so on; profiles by key ({@code task:<type>}, {@code job:<type>})
 */
public record FileObjects(
        Set<String> queues,
        Set<String> taskTypes,
        Set<String> jobTypes,
        Set<String> profiles,
        Set<String> schedules,
        Set<String> processors) {

    /**
     * Defines every object of {@code settings} in {@code queue}.
     *
     * @param source the file's name, for messages ({@code tide.yaml: tide.schedules.nightly: ...})
     * @throws SettingsException naming the object the store refused
     */
    public static FileObjects apply(TaskQueue queue, TideSettings settings, String source) {
        Set<String> taskTypes =
                each(source, "task-types", settings.taskTypes(), (TaskType t) -> queue.defineTaskType(t));
        Set<String> jobTypes = each(source, "job-types", settings.jobTypes(), (JobType t) -> queue.defineJobType(t));
        Set<String> queues = each(
                source,
                "queues",
                settings.queues(),
                (QueueDefinition q) -> queue.queues().define(q));
        each(
                source,
                "profiles",
                settings.profiles(),
                (Profile p) -> queue.profiles().define(p));
        Set<String> profiles = new LinkedHashSet<>();
        settings.profiles().values().forEach(p -> profiles.add(p.key()));
        Set<String> schedules = each(
                source,
                "schedules",
                settings.schedules(),
                (Schedule s) -> queue.schedules().define(s));
        Set<String> processors = each(
                source,
                "processors",
                settings.processors(),
                (ProcessorDefinition p) -> queue.processors().define(p));
        return new FileObjects(queues, taskTypes, jobTypes, profiles, schedules, processors);
    }

    private static <T> Set<String> each(String source, String map, Map<String, T> objects, Consumer<T> define) {
        for (Map.Entry<String, T> object : objects.entrySet()) {
            try {
                define.accept(object.getValue());
            } catch (TideException | IllegalArgumentException e) {
                String key = "tide." + map + "." + object.getKey();
                throw new SettingsException(key, source + ": " + key + ": " + e.getMessage());
            }
        }
        return new LinkedHashSet<>(objects.keySet());
    }
}
