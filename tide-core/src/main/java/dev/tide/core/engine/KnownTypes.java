package dev.tide.core.engine;

import dev.tide.api.ProcessorInfo;
import dev.tide.api.ScheduleInfo;
import dev.tide.api.TaskType;
import dev.tide.api.Warning;
import dev.tide.core.store.Catalog;
import dev.tide.core.store.ProcessorStore;
import dev.tide.core.store.ScheduleStore;
import java.time.Duration;
import java.time.InstantSource;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The task types something names: a worker claimed one of its tasks or asked for it by name (recorded in the store,
 * {@code tide_named_types}), or a processor, a schedule or a type definition names it. A task of any other type is still
 * accepted (workers may come later), but its enqueue answer carries a warning and {@code tide status} lists it: a
 * misspelt type would otherwise wait forever without a word.
 *
 * <p>Kept in memory: a claim writes only a type this node has not yet seen named, and an enqueue reads the store only
 * for a type it does not know, at most once per {@link #RELOAD} (a type named on another node is seen within it).
 */
public final class KnownTypes {
    static final Duration RELOAD = Duration.ofSeconds(1);

    private final Catalog catalog;
    private final ScheduleStore schedules;
    private final ProcessorStore processors;
    private final InstantSource clock;
    private volatile Set<String> known = Set.of();
    private volatile long loadedAtNanos;
    private volatile boolean loaded;
    private final ReentrantLock reloading = new ReentrantLock();

    public KnownTypes(Catalog catalog, ScheduleStore schedules, ProcessorStore processors, InstantSource clock) {
        this.catalog = catalog;
        this.schedules = schedules;
        this.processors = processors;
        this.clock = clock;
    }

    /** Records that a worker named {@code types}, by claiming their tasks or filtering by them. */
    public void named(Collection<String> types) {
        List<String> fresh =
                types.stream().filter(t -> !known.contains(t)).distinct().toList();
        if (fresh.isEmpty()) {
            return;
        }
        catalog.namedTypeAdd(fresh, clock.instant());
        add(fresh);
    }

    /** The types among {@code types} that nothing names, each with its warning. */
    public Map<String, Warning> unnamed(Collection<String> types) {
        Map<String, Warning> warnings = null;
        for (String type : types) {
            if (!isKnown(type)) {
                if (warnings == null) {
                    warnings = new HashMap<>();
                }
                warnings.computeIfAbsent(type, Warning::unknownType);
            }
        }
        return warnings == null ? Map.of() : warnings;
    }

    /** A warning for each type of waiting tasks that nothing names, with how many wait. */
    public List<Warning> waitingUnnamed() {
        reload();
        List<Warning> warnings = new ArrayList<>();
        for (Map.Entry<String, Long> e : catalog.taskUnnamedTypeCounts().entrySet()) {
            if (!known.contains(e.getKey())) {
                warnings.add(Warning.unknownType(e.getKey(), e.getValue()));
            }
        }
        return warnings;
    }

    private boolean isKnown(String type) {
        if (known.contains(type)) {
            return true;
        }
        if (!loaded || System.nanoTime() - loadedAtNanos > RELOAD.toNanos()) {
            reloadUnlessUnderWay();
        }
        return known.contains(type);
    }

    /**
     * Reloads, unless another thread is doing it: the others go on with the names they have. Enqueues of a type that
     * nothing names yet would otherwise queue up behind one reload, and then each do one more.
     */
    private void reloadUnlessUnderWay() {
        if (reloading.tryLock()) {
            try {
                reload();
            } finally {
                reloading.unlock();
            }
        }
    }

    private void reload() {
        Set<String> names = new HashSet<>(catalog.namedTypeList());
        catalog.taskTypeList().stream().map(TaskType::name).forEach(names::add);
        for (ScheduleInfo s : schedules.scheduleList()) {
            if (s.schedule().task() != null && s.schedule().task().type() != null) {
                names.add(s.schedule().task().type());
            }
        }
        for (ProcessorInfo p : processors.processorList()) {
            names.addAll(p.processor().types());
        }
        known = Set.copyOf(names);
        loadedAtNanos = System.nanoTime();
        loaded = true;
    }

    private synchronized void add(Collection<String> types) {
        Set<String> more = new HashSet<>(known);
        more.addAll(types);
        known = Set.copyOf(more);
    }
}
