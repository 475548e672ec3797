package dev.tide.config;

import dev.tide.api.JobType;
import dev.tide.api.ProcessorDefinition;
import dev.tide.api.Profile;
import dev.tide.api.QueueDefinition;
import dev.tide.api.Schedule;
import dev.tide.api.TaskDefaults;
import dev.tide.api.TaskType;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * Every setting under {@code tide.*}: what {@code tide.yaml}, {@code TIDE_} environment variables and the command line's
 * flags set, with the defaults of {@code defaults.yaml} where none does. Names are the components' in kebab-case (the
 * same as the Spring properties'). Load with {@link SettingsLoader}, or {@link LayeredSettings} from another program's sources.
 *
 * <p>The maps of objects are keyed by name; {@link ManagedObjects} creates or updates each at start and deletes none.
 * A profile's key is a label: the profile belongs to its {@code task-type} or {@code job-type}.
 */
public record TideSettings(
        StoreKind store,
        Path dataFolder,
        PostgresSettings postgres,
        @Nullable String nodeName,
        boolean listIndexes,
        boolean migrate,
        DataSize payloadCap,
        Lifetime retention,
        Duration maintenanceInterval,
        Duration pollInterval,
        TaskDefaults taskDefaults,
        RetentionSettings events,
        RetentionSettings stats,
        DigestSettings digest,
        DeadlineSettings deadlines,
        BlobSettings blobs,
        NodeSettings nodes,
        ServerSettings server,
        DashboardSettings dashboard,
        IntakeSettings intake,
        Map<String, QueueDefinition> queues,
        Map<String, TaskType> taskTypes,
        Map<String, JobType> jobTypes,
        Map<String, Profile> profiles,
        Map<String, Schedule> schedules,
        Map<String, ProcessorDefinition> processors) {

    public TideSettings {
        queues = ordered(queues);
        taskTypes = ordered(taskTypes);
        jobTypes = ordered(jobTypes);
        profiles = ordered(profiles);
        schedules = ordered(schedules);
        processors = ordered(processors);
    }

    /** Whether the file names any object to create or update at start. */
    public boolean namesObjects() {
        return !(queues.isEmpty()
                && taskTypes.isEmpty()
                && jobTypes.isEmpty()
                && profiles.isEmpty()
                && schedules.isEmpty()
                && processors.isEmpty());
    }

    private static <V> Map<String, V> ordered(Map<String, V> map) {
        return map == null ? Map.of() : java.util.Collections.unmodifiableMap(new LinkedHashMap<>(map));
    }
}
