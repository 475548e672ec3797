package dev.tide.core;

import dev.tide.api.InvalidRequestException;
import dev.tide.api.LeasedTask;
import dev.tide.api.NotFoundException;
import dev.tide.api.ProcessorDefinition;
import dev.tide.api.ProcessorInfo;
import dev.tide.api.ProcessorKind;
import dev.tide.api.ProcessorRun;
import dev.tide.api.Processors;
import dev.tide.api.TaskType;
import dev.tide.core.processor.ProcessorBook;
import dev.tide.core.store.ProcessorStore;
import dev.tide.core.store.TaskClaims;
import java.time.Duration;
import java.time.Instant;
import java.time.InstantSource;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * {@link Processors} in this process, the administrators' operations on processors: each change is stored and logged with its actor (by the store, in
 * the same transaction), then this node's copy is dropped and its host nudged, so the change applies here at once; the
 * other nodes' hosts read it on their next pass.
 */
final class EmbeddedProcessors implements Processors {
    /** A node's report older than this is shown {@link ProcessorRun.State#SILENT}: nodes report every few seconds. */
    static final Duration SILENT_AFTER = Duration.ofSeconds(30);

    private final ProcessorStore store;
    private final TaskClaims leases;
    private final InstantSource clock;
    private final ProcessorBook book;
    private final Consumer<ProcessorDefinition> changed;

    /** @param changed told after each change, with the processor's definition (to wake its queue's claims) */
    EmbeddedProcessors(
            ProcessorStore store,
            TaskClaims leases,
            InstantSource clock,
            ProcessorBook book,
            Consumer<ProcessorDefinition> changed) {
        this.store = store;
        this.leases = leases;
        this.clock = clock;
        this.book = book;
        this.changed = changed;
    }

    @Override
    public ProcessorInfo define(ProcessorDefinition definition) {
        if (definition == null) {
            throw new InvalidRequestException("processor", "is required");
        }
        ProcessorInfo info = store.processorDefine(definition, clock.instant());
        after(definition);
        return present(info);
    }

    @Override
    public List<ProcessorInfo> list() {
        List<ProcessorInfo> all = store.processorList();
        book.refresh(all);
        return all.stream().map(this::present).toList();
    }

    @Override
    public ProcessorInfo get(String name) {
        return present(store.processorGet(requireName(name)).orElseThrow(() -> notFound(name)));
    }

    @Override
    public ProcessorInfo start(String name) {
        return switchTo(name, true);
    }

    @Override
    public ProcessorInfo stop(String name) {
        return switchTo(name, false);
    }

    private ProcessorInfo switchTo(String name, boolean started) {
        ProcessorInfo info = store.processorStart(requireName(name), started, clock.instant())
                .orElseThrow(() -> notFound(name));
        after(info.processor());
        return present(info);
    }

    @Override
    public void delete(String name) {
        ProcessorInfo existing = store.processorGet(requireName(name)).orElseThrow(() -> notFound(name));
        if (!store.processorDelete(name, clock.instant())) {
            throw notFound(name);
        }
        after(existing.processor());
    }

    private void after(ProcessorDefinition definition) {
        book.invalidate();
        changed.accept(definition);
    }

    /**
     * The processor as people see it: a node silent for long is marked so, and a remote processor's running tasks are
     * the leases its workers hold in its queue now (the nodes only know which workers claimed under it).
     */
    private ProcessorInfo present(ProcessorInfo info) {
        Instant silentBefore = clock.instant().minus(SILENT_AFTER);
        List<ProcessorRun> runs = new ArrayList<>();
        for (ProcessorRun run : info.runs()) {
            ProcessorRun shown = run;
            if (run.seenAt() != null && run.seenAt().isBefore(silentBefore)) {
                shown = shown.withState(ProcessorRun.State.SILENT);
            }
            if (info.processor().kind() == ProcessorKind.REMOTE
                    && !run.workers().isEmpty()) {
                shown = shown.withRunning(
                        leasesInQueue(run.workers(), info.processor().queue()));
            }
            runs.add(shown);
        }
        return info.withRuns(runs);
    }

    private List<Long> leasesInQueue(List<String> workers, String queue) {
        List<Long> ids = new ArrayList<>();
        for (String worker : workers) {
            for (LeasedTask leased : leases.taskLeaseList(worker, null)) {
                if (leased.task().queue().equals(queue)) {
                    ids.add(leased.id());
                }
            }
        }
        return ids.stream().sorted().distinct().toList();
    }

    private static String requireName(String name) {
        return TaskType.requireName("name", name);
    }

    private static NotFoundException notFound(String name) {
        return new NotFoundException("processor " + name);
    }
}
