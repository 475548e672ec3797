package dev.tide.core.processor;

import dev.tide.api.NotFoundException;
import dev.tide.api.ProcessorInfo;
import dev.tide.core.store.ProcessorStore;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * This node's copy of the processors' definitions, for claims under a processor: read again once it is older than
 * {@code maxAge} (so another node's change shows within that), at once after a change made on this node, and whenever
 * the host's pass reads the list anyway. A claim thus costs no query for its processor most of the time.
 */
public final class ProcessorBook {
    private final ProcessorStore store;
    private final long maxAgeNanos;
    private volatile Copy copy;

    private record Copy(Map<String, ProcessorInfo> byName, long readAtNanos) {}

    public ProcessorBook(ProcessorStore store, Duration maxAge) {
        this.store = store;
        this.maxAgeNanos = maxAge.toNanos();
    }

    /** The processor as this node knows it, or {@link NotFoundException}. */
    public ProcessorInfo get(String name) {
        Copy current = copy;
        if (current == null || System.nanoTime() - current.readAtNanos() > maxAgeNanos) {
            current = take(store.processorList());
        }
        ProcessorInfo info = current.byName().get(name);
        if (info == null) {
            throw new NotFoundException("processor " + name);
        }
        return info;
    }

    /** Takes a list just read from the store as the current copy. */
    public void refresh(List<ProcessorInfo> processors) {
        take(processors);
    }

    /** Forgets the copy: the next claim reads the definitions again (after a change made on this node). */
    public void invalidate() {
        copy = null;
    }

    private Copy take(List<ProcessorInfo> processors) {
        Map<String, ProcessorInfo> byName = new LinkedHashMap<>();
        processors.forEach(p -> byName.put(p.name(), p));
        Copy fresh = new Copy(Map.copyOf(byName), System.nanoTime());
        copy = fresh;
        return fresh;
    }
}
