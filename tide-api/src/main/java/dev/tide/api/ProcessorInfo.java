package dev.tide.api;

import com.fasterxml.jackson.annotation.JsonIgnore;
import java.time.Instant;
import java.util.List;

/**
 * A processor as stored, and what it is doing.
 *
 * @param processor its definition
 * @param started whether it is started: a local processor runs on its nodes, a remote one's claims are served. A
 *     new processor is stopped; changing a definition keeps this
 * @param updatedAt when the definition or the started state last changed
 * @param runs what it does on each node that reported about it, by node name
 */
public record ProcessorInfo(
        ProcessorDefinition processor, boolean started, Instant updatedAt, List<ProcessorRun> runs) {

    public ProcessorInfo {
        runs = runs == null ? List.of() : List.copyOf(runs);
    }

    @JsonIgnore
    public String name() {
        return processor.name();
    }

    /** Tasks held now on every node. */
    @JsonIgnore
    public List<Long> running() {
        return runs.stream()
                .flatMap(r -> r.running().stream())
                .sorted()
                .distinct()
                .toList();
    }

    /** Tasks completed on every node (a local processor's). */
    @JsonIgnore
    public long succeeded() {
        return runs.stream()
                .mapToLong(r -> r.succeeded() == null ? 0 : r.succeeded())
                .sum();
    }

    /** Failed attempts on every node (a local processor's). */
    @JsonIgnore
    public long failed() {
        return runs.stream().mapToLong(r -> r.failed() == null ? 0 : r.failed()).sum();
    }

    /** Tasks handed out under the processor on every node. */
    @JsonIgnore
    public long claimed() {
        return runs.stream().mapToLong(ProcessorRun::claimed).sum();
    }

    public ProcessorInfo withRuns(List<ProcessorRun> value) {
        return new ProcessorInfo(processor, started, updatedAt, value);
    }
}
