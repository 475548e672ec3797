package dev.tide.core.processor;

import dev.tide.api.ProcessorDefinition;
import dev.tide.api.ProcessorInfo;
import dev.tide.api.ProcessorRun;
import dev.tide.api.TaskQueue;
import dev.tide.api.TaskType;
import dev.tide.api.worker.TaskHandler;
import dev.tide.api.worker.WorkerPool;
import dev.tide.core.engine.BackgroundService;
import dev.tide.core.engine.PassThread;
import dev.tide.core.store.ProcessorStore;
import java.time.Duration;
import java.time.InstantSource;
import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Follows the processors' definitions on this node: runs a worker pool for each started local processor meant for
 * this node (with {@code threads} handlers, from the handlers registered here), stops the pools of processors stopped,
 * removed, or moved to other nodes, and replaces a pool whose queue, types or threads changed. Then it writes what
 * every processor does on this node to the store, where any node reads it.
 *
 * <p>One pass a second (the engine's maintenance interval) and one at once after a change made on this node, so other
 * nodes follow a change within about a second. A pass reads two small tables and writes the node's report only when
 * it changed, or every few seconds to show the node is alive.
 *
 * <p>A pool claims under its processor ({@link dev.tide.api.ClaimRequest#processor()}): the users and payload size it
 * takes are read at each claim, so changing them needs no new pool. Its lease owner is
 * {@code <node>/processor:<name>}: a pool that starts again after a crash releases its previous life's leases.
 */
public final class ProcessorHost implements BackgroundService {
    private static final Logger log = LoggerFactory.getLogger(ProcessorHost.class);
    private static final long REPORT_AT_LEAST_EVERY_NANOS =
            Duration.ofSeconds(5).toNanos();

    // the engine once built: the host is made with it, before it exists
    private final Supplier<? extends TaskQueue> queue;
    private final ProcessorStore store;
    private final InstantSource clock;
    private final String node;
    private final ProcessorBook book;
    private final ProcessorActivity activity;
    private final Map<String, TaskHandler> handlers = new ConcurrentHashMap<>();
    private volatile Duration grace = Duration.ofSeconds(30);

    // guarded by this
    private final Map<String, LocalRun> runs = new LinkedHashMap<>();
    private final Map<String, LocalRun.Tally> earlier = new HashMap<>();
    private Map<String, ProcessorRun> lastReport;
    private long lastReportNanos;
    private PassThread thread;
    private boolean closed;

    public ProcessorHost(
            Supplier<? extends TaskQueue> queue,
            ProcessorStore store,
            InstantSource clock,
            String node,
            ProcessorBook book,
            ProcessorActivity activity) {
        this.queue = queue;
        this.store = store;
        this.clock = clock;
        this.node = node;
        this.book = book;
        this.activity = activity;
    }

    /**
     * Adds handlers local processors may run on this node, by task type. A type that already has one is refused: two
     * plugins handling one type would leave the choice to chance.
     */
    public ProcessorHost addHandlers(Map<String, TaskHandler> more) {
        more.forEach((type, handler) -> {
            TaskType.requireName("taskType", type);
            if (handler == null) {
                throw new IllegalArgumentException("the handler of " + type + " is null");
            }
            if (handlers.putIfAbsent(type, handler) != null) {
                throw new IllegalArgumentException("task type " + type + " has a handler already");
            }
        });
        nudge();
        return this;
    }

    /** The task types this node has handlers for. */
    public Set<String> handlerTypes() {
        return Set.copyOf(new TreeSet<>(handlers.keySet()));
    }

    /** How long a stopping pool's running handlers may finish before their tasks are released (default 30 s). */
    public ProcessorHost shutdownGrace(Duration value) {
        if (value == null || value.isNegative()) {
            throw new IllegalArgumentException("the grace must be zero or positive");
        }
        this.grace = value;
        return this;
    }

    @Override
    public String name() {
        return "processor host";
    }

    @Override
    public synchronized void start(Duration interval) {
        if (thread == null && !closed) {
            thread = new PassThread(
                    "tide-processors",
                    () -> {
                        runOnce();
                        return interval.toMillis();
                    },
                    interval.toMillis());
            thread.start();
        }
    }

    /** Asks for a pass soon (a change was made on this node). */
    public void nudge() {
        PassThread current = thread;
        if (current != null) {
            current.nudge();
        }
    }

    /** One pass: reads the definitions, starts and stops pools to match, and reports. */
    public synchronized void runOnce() {
        if (closed) {
            return;
        }
        List<ProcessorInfo> all = store.processorList();
        book.refresh(all);
        Map<String, ProcessorInfo> byName = new LinkedHashMap<>();
        all.forEach(p -> byName.put(p.name(), p));
        settle(byName);
        for (ProcessorInfo info : all) {
            if (wanted(info) && !runs.containsKey(info.name())) {
                runs.put(info.name(), launch(info.processor()));
            }
        }
        earlier.keySet().retainAll(byName.keySet());
        activity.processors().stream().filter(p -> !byName.containsKey(p)).forEach(activity::forget);
        report(byName);
    }

    private boolean wanted(ProcessorInfo info) {
        return info.started() && info.processor().runsOn(node);
    }

    /** Forgets finished stops and unavailable runs (looked at again now), and stops pools no longer wanted. */
    private void settle(Map<String, ProcessorInfo> byName) {
        for (Iterator<Map.Entry<String, LocalRun>> it = runs.entrySet().iterator(); it.hasNext(); ) {
            Map.Entry<String, LocalRun> entry = it.next();
            LocalRun run = entry.getValue();
            if (run.isUnavailable()) {
                it.remove();
            } else if (run.isStopping()) {
                if (run.isStopped()) {
                    earlier.merge(entry.getKey(), LocalRun.Tally.NONE.plus(run), (a, b) -> a.plus(run));
                    it.remove();
                    log.info("processor {} stopped on node {}", entry.getKey(), node);
                }
            } else {
                ProcessorInfo info = byName.get(entry.getKey());
                if (info == null || !wanted(info) || !run.fits(info.processor())) {
                    run.beginStop(grace);
                }
            }
        }
    }

    private LocalRun launch(ProcessorDefinition processor) {
        Set<String> types = processor.types().isEmpty() ? handlers.keySet() : processor.types();
        Set<String> missing = new TreeSet<>(types);
        missing.removeAll(handlers.keySet());
        if (types.isEmpty()) {
            return unavailable(processor, "node " + node + " has no handlers (plugins) to run");
        }
        if (!missing.isEmpty()) {
            return unavailable(processor, "node " + node + " has no handler for task types " + missing);
        }
        WorkerPool.Builder pool = WorkerPool.builder(queue.get())
                .workerName(node + "/processor:" + processor.name())
                .queue(processor.queue())
                .processor(processor.name())
                .concurrency(processor.threads())
                .shutdownGrace(grace)
                .clock(clock);
        new TreeSet<>(types).forEach(type -> pool.handler(type, handlers.get(type)));
        try {
            WorkerPool started = pool.start();
            log.info(
                    "processor {} runs {} on node {} with {} threads",
                    processor.name(),
                    types,
                    node,
                    processor.threads());
            return LocalRun.running(processor, started);
        } catch (RuntimeException e) {
            return unavailable(processor, "could not start: " + e.getMessage());
        }
    }

    private LocalRun unavailable(ProcessorDefinition processor, String why) {
        return LocalRun.unavailable(processor, why, clock.instant());
    }

    private void report(Map<String, ProcessorInfo> byName) {
        Map<String, ProcessorRun> report = new TreeMap<>();
        runs.forEach((name, run) ->
                report.put(name, run.report(activity.seen(name), earlier.getOrDefault(name, LocalRun.Tally.NONE))));
        earlier.forEach((name, tally) -> report.computeIfAbsent(name, n -> stopped(n, tally)));
        for (String name : activity.processors()) {
            ProcessorInfo info = byName.get(name);
            if (info != null && !report.containsKey(name)) {
                ProcessorActivity.Seen seen = activity.seen(name);
                report.put(
                        name,
                        new ProcessorRun(
                                null,
                                info.started() ? ProcessorRun.State.SERVING : ProcessorRun.State.STOPPED,
                                0,
                                List.of(),
                                seen.claimed(),
                                null,
                                null,
                                null,
                                null,
                                seen.workers(),
                                null));
            }
        }
        long now = System.nanoTime();
        boolean idle = report.isEmpty() && lastReport != null && lastReport.isEmpty();
        // the first pass writes even an empty report: it removes what a previous life of this node left
        if (!idle && (!report.equals(lastReport) || now - lastReportNanos > REPORT_AT_LEAST_EVERY_NANOS)) {
            store.processorRunSave(node, report, clock.instant());
            lastReport = report;
            lastReportNanos = now;
        }
    }

    private ProcessorRun stopped(String name, LocalRun.Tally tally) {
        ProcessorActivity.Seen seen = activity.seen(name);
        return new ProcessorRun(
                null,
                ProcessorRun.State.STOPPED,
                0,
                List.of(),
                seen == null ? 0 : seen.claimed(),
                tally.succeeded(),
                tally.failed(),
                tally.problem() == null ? null : tally.problem().message(),
                tally.problem() == null ? null : tally.problem().at(),
                seen == null ? List.of() : seen.workers(),
                null);
    }

    /** Stops every pool (handlers get the grace), then removes this node's reports. */
    @Override
    public void close() {
        PassThread current;
        synchronized (this) {
            if (closed) {
                return;
            }
            closed = true;
            current = thread;
        }
        if (current != null) {
            current.close();
        }
        synchronized (this) {
            runs.values().forEach(run -> run.beginStop(grace));
            runs.values().forEach(LocalRun::awaitStop);
            runs.clear();
            if (lastReport == null) {
                return; // never reported: nothing of this node's to remove (an engine for one command, say)
            }
        }
        try {
            store.processorRunSave(node, Map.of(), clock.instant());
        } catch (RuntimeException e) {
            log.warn("could not remove node {}'s processor reports: {}", node, e.toString());
        }
    }
}
