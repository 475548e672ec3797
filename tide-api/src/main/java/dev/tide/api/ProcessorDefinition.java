package dev.tide.api;

import java.util.LinkedHashSet;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * A processor (seed 004's Submission Processor): a consumer of one queue with selection filters, defined, started and
 * stopped at runtime by an administrator. Every node sees the definition; a change takes effect at the next claim
 * under it on the node where it was made, and within a couple of seconds on the others.
 *
 * <p>A claim under a processor ({@link ClaimRequest#processor()}) takes the processor's queue, task types, users and
 * payload size; a stopped processor's claims get nothing, as a suspended queue's do.
 *
 * @param name 1 to 100 letters, digits or {@code . _ : -}
 * @param kind {@link ProcessorKind#LOCAL} (the default) runs handlers in the Tide nodes; {@link ProcessorKind#REMOTE}
 *     is a filter set for remote workers
 * @param queue the queue it takes from; {@link NewTask#DEFAULT_QUEUE} when null
 * @param types only tasks of these types; empty for any type (a local processor then runs every type it has a
 *     handler for)
 * @param users whose tasks it takes: required, excluded and preferred users ({@link UserFilter}); anyone not
 *     prohibited when null
 * @param maxPayloadBytes only tasks whose payload is at most this many bytes (seed 004's maximum submission size);
 *     null for any size
 * @param threads a local processor's handlers running at once on each node that runs it (1 when null); a remote
 *     processor has none of its own (its workers decide), so it must be null
 * @param nodes the nodes that run a local processor (their {@code --node} names); empty for every node. A remote
 *     processor is served by every node, so it must be empty
 */
public record ProcessorDefinition(
        String name,
        ProcessorKind kind,
        String queue,
        Set<String> types,
        UserFilter users,
        @Nullable Long maxPayloadBytes,
        @Nullable Integer threads,
        Set<String> nodes) {

    /** The most threads a local processor may run on one node. */
    public static final int MAX_THREADS = 1000;

    public ProcessorDefinition {
        TaskType.requireName("name", name);
        kind = kind == null ? ProcessorKind.LOCAL : kind;
        queue = TaskType.requireName("queue", queue == null ? NewTask.DEFAULT_QUEUE : queue);
        types = types == null ? Set.of() : Set.copyOf(types);
        types.forEach(t -> TaskType.requireName("types", t));
        users = users == null ? UserFilter.ANY : users;
        for (String user : users.allNamed()) {
            if (user == null || user.isBlank()) {
                throw new InvalidRequestException("users", "a user name must not be blank");
            }
        }
        if (maxPayloadBytes != null && maxPayloadBytes < 0) {
            throw new InvalidRequestException("maxPayloadBytes", "must not be negative");
        }
        nodes = nodes == null ? Set.of() : Set.copyOf(new LinkedHashSet<>(nodes));
        for (String node : nodes) {
            if (node == null || node.isBlank()) {
                throw new InvalidRequestException("nodes", "a node name must not be blank");
            }
        }
        if (kind == ProcessorKind.REMOTE) {
            if (threads != null) {
                throw new InvalidRequestException(
                        "threads", "a remote processor's workers run elsewhere and decide their own concurrency");
            }
            if (!nodes.isEmpty()) {
                throw new InvalidRequestException("nodes", "a remote processor is served by every node");
            }
        } else {
            threads = threads == null ? 1 : threads;
            if (threads < 1 || threads > MAX_THREADS) {
                throw new InvalidRequestException("threads", "must be between 1 and " + MAX_THREADS);
            }
        }
    }

    /** A local processor of the default queue, one thread, any type and user, until changed with the withers. */
    public static ProcessorDefinition named(String name) {
        return new ProcessorDefinition(
                name, ProcessorKind.LOCAL, NewTask.DEFAULT_QUEUE, Set.of(), UserFilter.ANY, null, null, Set.of());
    }

    /** Whether the node named {@code node} runs this processor in its own process. */
    public boolean runsOn(String node) {
        return kind == ProcessorKind.LOCAL && (nodes.isEmpty() || nodes.contains(node));
    }

    public ProcessorDefinition withKind(ProcessorKind value) {
        Integer keptThreads = value == ProcessorKind.REMOTE ? null : threads;
        Set<String> keptNodes = value == ProcessorKind.REMOTE ? Set.of() : nodes;
        return new ProcessorDefinition(name, value, queue, types, users, maxPayloadBytes, keptThreads, keptNodes);
    }

    public ProcessorDefinition withQueue(String value) {
        return new ProcessorDefinition(name, kind, value, types, users, maxPayloadBytes, threads, nodes);
    }

    public ProcessorDefinition withTypes(Set<String> value) {
        return new ProcessorDefinition(name, kind, queue, value, users, maxPayloadBytes, threads, nodes);
    }

    public ProcessorDefinition withUsers(UserFilter value) {
        return new ProcessorDefinition(name, kind, queue, types, value, maxPayloadBytes, threads, nodes);
    }

    public ProcessorDefinition withMaxPayloadBytes(Long value) {
        return new ProcessorDefinition(name, kind, queue, types, users, value, threads, nodes);
    }

    public ProcessorDefinition withThreads(Integer value) {
        return new ProcessorDefinition(name, kind, queue, types, users, maxPayloadBytes, value, nodes);
    }

    public ProcessorDefinition withNodes(Set<String> value) {
        return new ProcessorDefinition(name, kind, queue, types, users, maxPayloadBytes, threads, value);
    }
}
