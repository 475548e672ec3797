package dev.tide.core;

import dev.tide.api.NodeInfo;
import dev.tide.api.ProcessorInfo;
import dev.tide.api.ProcessorRun;
import dev.tide.core.settings.NodeSettings;
import dev.tide.core.store.NodeRow;
import dev.tide.core.store.NodeStore;
import java.time.Duration;
import java.time.Instant;
import java.time.InstantSource;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * The nodes as people see them: each node's record, judged live, stopped or gone at the clock's time, with the runs its
 * processors reported. Two reads of small tables (the registry, and the processors with their runs).
 */
final class NodeRoster {
    private final NodeStore store;
    private final Supplier<List<ProcessorInfo>> processors;
    private final InstantSource clock;

    /** @param processors every processor with its runs, as {@link dev.tide.api.Processors#list()} shows them */
    NodeRoster(NodeStore store, Supplier<List<ProcessorInfo>> processors, InstantSource clock) {
        this.store = store;
        this.processors = processors;
        this.clock = clock;
    }

    List<NodeInfo> list() {
        List<NodeRow> rows = store.nodeList();
        if (rows.isEmpty()) {
            return List.of();
        }
        Map<String, List<NodeInfo.Processor>> runsByNode = new HashMap<>();
        for (ProcessorInfo processor : processors.get()) {
            for (ProcessorRun run : processor.runs()) {
                runsByNode
                        .computeIfAbsent(run.node(), n -> new ArrayList<>())
                        .add(new NodeInfo.Processor(processor.name(), run));
            }
        }
        Instant now = clock.instant();
        return rows.stream()
                .map(row -> shown(row, runsByNode.getOrDefault(row.name(), List.of()), now))
                .toList();
    }

    private static NodeInfo shown(NodeRow row, List<NodeInfo.Processor> runs, Instant now) {
        NodeInfo.State state = stateOf(row, now);
        Instant until = switch (state) {
            case LIVE -> now;
            case STOPPED -> row.stoppedAt();
            case GONE -> row.lastSeenAt();
        };
        Duration uptime = Duration.between(row.startedAt(), until);
        return new NodeInfo(
                row.name(),
                row.version(),
                row.host(),
                row.startedAt(),
                row.lastSeenAt(),
                row.stoppedAt(),
                state,
                uptime.isNegative() ? Duration.ZERO : uptime, // another node's clock may run a little ahead
                runs);
    }

    private static NodeInfo.State stateOf(NodeRow row, Instant now) {
        if (row.stoppedAt() != null) {
            return NodeInfo.State.STOPPED;
        }
        Instant overdue = row.lastSeenAt().plus(row.heartbeat().multipliedBy(NodeSettings.MISSED_BEATS));
        return now.isAfter(overdue) ? NodeInfo.State.GONE : NodeInfo.State.LIVE;
    }
}
