package dev.tide.core.engine;

import dev.tide.api.JobType;
import dev.tide.api.TaskDefaults;
import dev.tide.api.TaskType;
import dev.tide.core.store.Catalog;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * Task and job types, cached in memory: the hot paths (enqueue, retry, job end hooks inside a store transaction) must
 * not read them from the database. Defined types are written through; types defined on another node are picked up
 * within {@link #REFRESH}.
 */
public final class TypeRegistry {
    static final Duration REFRESH = Duration.ofSeconds(5);

    private final Catalog store;
    private final TaskDefaults engineDefaults;
    private volatile Map<String, TaskType> taskTypes = Map.of();
    private volatile Map<String, JobType> jobTypes = Map.of();
    private volatile Set<String> blobDeletingTypes = Set.of();
    private volatile long loadedAtNanos;

    public TypeRegistry(Catalog store, TaskDefaults engineDefaults) {
        this.store = store;
        this.engineDefaults = engineDefaults;
    }

    public synchronized void reload() {
        taskTypes = index(store.taskTypeList(), TaskType::name);
        blobDeletingTypes = taskTypes.values().stream()
                .filter(TaskType::deletesBlobOnCompletion)
                .map(TaskType::name)
                .collect(Collectors.toUnmodifiableSet());
        jobTypes = index(store.jobTypeList(), JobType::name);
        loadedAtNanos = System.nanoTime();
    }

    /** Reloads if the cache is older than {@link #REFRESH}; called from the maintenance loop, never a hot path. */
    public void refreshIfStale() {
        if (System.nanoTime() - loadedAtNanos > REFRESH.toNanos()) {
            reload();
        }
    }

    public TaskType taskType(String name) {
        return taskTypes.get(name);
    }

    /** The task types whose tasks' blobs are deleted as soon as they succeed; usually none. */
    public Set<String> blobDeletingTypes() {
        return blobDeletingTypes;
    }

    public JobType jobType(String name) {
        return jobTypes.get(name);
    }

    public List<TaskType> taskTypes() {
        return taskTypes.values().stream()
                .sorted((a, b) -> a.name().compareTo(b.name()))
                .toList();
    }

    public List<JobType> jobTypes() {
        return jobTypes.values().stream()
                .sorted((a, b) -> a.name().compareTo(b.name()))
                .toList();
    }

    /** The effective defaults for a task of {@code type} in a job of {@code jobType} (null for none). */
    public TaskDefaults defaultsFor(String type, String jobType) {
        TaskType t = taskTypes.get(type);
        JobType j = jobType == null ? null : jobTypes.get(jobType);
        TaskDefaults fromJob = j == null ? TaskDefaults.NONE : j.taskDefaults();
        return (t == null ? TaskDefaults.NONE : t.defaults()).or(fromJob).or(engineDefaults);
    }

    private static <T> Map<String, T> index(List<T> items, Function<T, String> name) {
        return items.stream().collect(Collectors.toUnmodifiableMap(name, Function.identity()));
    }
}
