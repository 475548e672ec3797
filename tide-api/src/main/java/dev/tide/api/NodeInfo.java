package dev.tide.api;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Locale;
import org.jspecify.annotations.Nullable;

/**
 * A Tide node (an engine, embedded or in a server) that ran on the store, as it last recorded itself, and what the
 * processors do there. Each node writes its own record when it starts, every heartbeat (some seconds) while it runs,
 * and when it closes; records of nodes not seen for a day (the node retention) are forgotten.
 *
 * @param name the node's name, the one its workers and processor reports go by
 * @param version the Tide release it runs
 * @param host its machine's host name
 * @param startedAt when it started
 * @param lastSeenAt when it last wrote its record: its last heartbeat, or its close
 * @param stoppedAt when it closed; null while it runs, and after a crash
 * @param state whether it runs, closed, or is gone
 * @param uptime how long it has run (while live), or ran: until it closed, or until it was last seen
 * @param processors what each processor does on the node, as the node last reported it, by processor name
 */
public record NodeInfo(
        String name,
        String version,
        String host,
        Instant startedAt,
        Instant lastSeenAt,
        @Nullable Instant stoppedAt,
        State state,
        Duration uptime,
        List<Processor> processors) {

    public NodeInfo {
        processors = processors == null ? List.of() : List.copyOf(processors);
    }

    /**
     * A processor's run on the node.
     *
     * @param name the processor
     * @param run what it does there ({@link ProcessorRun#node()} is this node)
     */
    public record Processor(String name, ProcessorRun run) {}

    /** Whether a node runs. */
    public enum State {
        /** It wrote its record within its last few heartbeats. */
        LIVE,
        /** It closed (a graceful shutdown). */
        STOPPED,
        /** It missed its last few heartbeats without closing: it crashed, hangs, or lost the store. */
        GONE;

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
