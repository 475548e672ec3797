package dev.tide.server.dashboard;

import dev.tide.api.NodeInfo;
import dev.tide.api.ProcessorRun;
import java.time.Duration;
import java.time.Instant;

/** One node's line of the overview, as seen at {@code now}. */
public record NodeLine(NodeInfo node, Instant now) {

    /** How long it has run, or ran: "3 h 5 min". */
    public String uptime() {
        return Durations.words(node.uptime().toSeconds());
    }

    /** How long ago it last wrote its record: "12 s". */
    public String seenAgo() {
        return Durations.words(
                Math.max(0, Duration.between(node.lastSeenAt(), now).toSeconds()));
    }

    public String state() {
        return node.state().wireName();
    }

    public boolean gone() {
        return node.state() == NodeInfo.State.GONE;
    }

    /** What a processor does there, in a few words: "running, 2 tasks, 4 threads". */
    public static String doing(ProcessorRun run) {
        StringBuilder words = new StringBuilder(run.state().wireName());
        words.append(", ").append(run.running().size()).append(run.running().size() == 1 ? " task" : " tasks");
        if (run.threads() > 0) {
            words.append(", ").append(run.threads()).append(run.threads() == 1 ? " thread" : " threads");
        }
        return words.toString();
    }
}
