package dev.tide.core.processor;

import dev.tide.api.ProcessorRun;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The claims made under each processor on this node: how many tasks they got, and which workers made them (the most
 * recent {@value ProcessorRun#MAX_WORKERS}), for the node's reports. Counted in memory; they start at 0 with the node.
 */
public final class ProcessorActivity {
    private final Map<String, Tally> byProcessor = new ConcurrentHashMap<>();

    /** What this node saw of one processor's claims. */
    public record Seen(long claimed, List<String> workers) {}

    /** Counts a claim under {@code processor} by {@code worker} that got {@code tasks} tasks. */
    public void claimed(String processor, String worker, int tasks) {
        byProcessor.computeIfAbsent(processor, p -> new Tally()).add(worker, tasks);
    }

    /** What this node saw of the processor's claims, or null when none was made here. */
    public Seen seen(String processor) {
        Tally tally = byProcessor.get(processor);
        return tally == null ? null : tally.snapshot();
    }

    /** The processors claimed under on this node. */
    public List<String> processors() {
        return List.copyOf(byProcessor.keySet());
    }

    /** Forgets a processor that was removed. */
    public void forget(String processor) {
        byProcessor.remove(processor);
    }

    private static final class Tally {
        private long claimed;
        // access order: the most recently seen worker last
        private final LinkedHashMap<String, Boolean> workers = new LinkedHashMap<>(16, 0.75f, true);

        synchronized void add(String worker, int tasks) {
            claimed += tasks;
            workers.put(worker, Boolean.TRUE);
            if (workers.size() > ProcessorRun.MAX_WORKERS) {
                workers.remove(workers.keySet().iterator().next());
            }
        }

        synchronized Seen snapshot() {
            List<String> recentFirst = new ArrayList<>(workers.keySet());
            java.util.Collections.reverse(recentFirst);
            return new Seen(claimed, recentFirst);
        }
    }
}
