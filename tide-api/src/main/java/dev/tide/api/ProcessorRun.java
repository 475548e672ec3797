package dev.tide.api;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import java.time.Instant;
import java.util.List;
import java.util.Locale;
import org.jspecify.annotations.Nullable;

/**
 * What a processor is doing on one node, as that node last reported it (every node writes its reports to the store,
 * so any node tells about all of them). Counts start at 0 when the node starts.
 *
 * @param node the node reporting
 * @param state what the processor does there
 * @param threads the handlers a local processor runs there at once; 0 for a remote processor
 * @param running the tasks leased there now: a local processor's handlers' tasks, or those the remote workers that
 *     claimed under it through this node hold
 * @param claimed tasks handed out under the processor on this node
 * @param succeeded tasks a local processor's handlers completed; null for a remote processor (its workers acknowledge
 *     on their own)
 * @param failed failed attempts of a local processor's handlers (a retry or a failure for good); null for a remote one
 * @param lastError the last failure: a handler's message, a claim refused, or what keeps the processor from running
 * @param lastErrorAt when it happened
 * @param workers the remote workers that claimed under the processor through this node, most recent first (at most
 *     {@value #MAX_WORKERS})
 * @param seenAt when the node last reported; a node that stopped reporting shows {@link State#SILENT}
 */
public record ProcessorRun(
        String node,
        State state,
        int threads,
        List<Long> running,
        long claimed,
        Long succeeded,
        Long failed,
        String lastError,
        Instant lastErrorAt,
        List<String> workers,
        Instant seenAt) {

    public static final int MAX_WORKERS = 20;

    public ProcessorRun {
        running = running == null ? List.of() : List.copyOf(running);
        workers = workers == null ? List.of() : List.copyOf(workers);
    }

    public ProcessorRun withNode(String value) {
        return new ProcessorRun(
                value, state, threads, running, claimed, succeeded, failed, lastError, lastErrorAt, workers, seenAt);
    }

    public ProcessorRun withState(State value) {
        return new ProcessorRun(
                node, value, threads, running, claimed, succeeded, failed, lastError, lastErrorAt, workers, seenAt);
    }

    public ProcessorRun withRunning(List<Long> value) {
        return new ProcessorRun(
                node, state, threads, value, claimed, succeeded, failed, lastError, lastErrorAt, workers, seenAt);
    }

    public ProcessorRun withSeenAt(Instant value) {
        return new ProcessorRun(
                node, state, threads, running, claimed, succeeded, failed, lastError, lastErrorAt, workers, value);
    }

    /** A processor's state on one node. */
    public enum State {
        /** A local processor's handlers are claiming and running tasks. */
        RUNNING,
        /** A local processor was stopped or changed: its handlers are finishing (within the node's grace). */
        STOPPING,
        /** The processor is stopped; the counts are those of its last run on this node. */
        STOPPED,
        /** A started local processor cannot run on this node: {@code lastError} says why (a handler missing). */
        UNAVAILABLE,
        /** A started remote processor: workers have claimed under it through this node. */
        SERVING,
        /** The node has not reported for a while: it may be gone. */
        SILENT;

        @JsonValue
        public String wireName() {
            return name().toLowerCase(Locale.ROOT);
        }

        @JsonCreator
        public static @Nullable State parse(@Nullable String text) {
            return Wire.parse(State.class, "state", text);
        }
    }
}
