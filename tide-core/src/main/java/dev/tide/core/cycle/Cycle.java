package dev.tide.core.cycle;

import dev.tide.api.Ack;
import dev.tide.api.ClaimRequest;
import dev.tide.api.LeasedTask;
import dev.tide.api.ProfileStatus;
import dev.tide.api.worker.HandledTask;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;

/**
 * One processing cycle of a queue client (seed 000, §4.3.5.1): one session that claims with the same name until nothing
 * more is ready for it, its profiles' session budgets or hourly limits are spent, or its time limit passes. Each task
 * runs in the calling thread and is acknowledged at once, so a cycle cut short by its host loses at most the task under
 * way, whose lease then expires and which is retried.
 */
final class Cycle {
    private final CycleEngine engine;
    private final QueueClient client;
    private final String session;
    private final String worker;
    private final Set<String> types;
    private int claimed;
    private int succeeded;
    private int failed;
    private int released;
    private long unitsUsed;

    Cycle(CycleEngine engine, QueueClient client) {
        this.engine = engine;
        this.client = client;
        this.session = client.name() + "/" + UUID.randomUUID();
        this.worker = engine.nodeName() + "/" + client.name();
        this.types = client.claimTypes();
    }

    CycleReport run() {
        Instant started = engine.clock().instant();
        Instant timeLimit = started.plus(client.maxDuration());
        StopReason reason = null;
        while (reason == null) {
            int want = client.claimBatch();
            if (client.maxTasks() != null) {
                want = Math.min(want, client.maxTasks() - claimed);
            }
            if (!engine.clock().instant().isBefore(timeLimit)) {
                reason = StopReason.TIME_LIMIT;
            } else if (want == 0) {
                reason = StopReason.TASK_LIMIT;
            } else {
                List<LeasedTask> batch = engine.queue()
                        .claim(new ClaimRequest(
                                client.queue(), worker, want, types, null, Duration.ZERO, null, null, session));
                claimed += batch.size();
                reason = batch.isEmpty() ? StopReason.DRAINED : runAll(batch, timeLimit);
            }
        }
        Remaining remaining = remaining();
        if (reason == StopReason.DRAINED && remaining.ready() > 0) {
            reason = remaining.whyNothingClaimed();
        }
        return new CycleReport(
                client.name(),
                session,
                started,
                engine.clock().instant(),
                claimed,
                succeeded,
                failed,
                released,
                unitsUsed,
                reason,
                remaining.ready(),
                remaining.nextDueAt());
    }

    /** Runs a claimed batch; TIME_LIMIT (the rest given back) when the limit passes before its end, else null. */
    private StopReason runAll(List<LeasedTask> batch, Instant timeLimit) {
        for (int i = 0; i < batch.size(); i++) {
            if (!engine.clock().instant().isBefore(timeLimit)) {
                List<LeasedTask> rest = batch.subList(i, batch.size());
                engine.queue()
                        .ackAll(rest.stream()
                                .map(t -> t.ack()
                                        .message("released: cycle time limit")
                                        .release())
                                .toList());
                released += rest.size();
                return StopReason.TIME_LIMIT;
            }
            runOne(batch.get(i));
        }
        return null;
    }

    private void runOne(LeasedTask task) {
        HandledTask handled = client.handlers().runAndAcknowledge(task, engine.queue());
        Ack ack = handled.ack();
        if (handled.succeeded()) {
            succeeded++;
        } else {
            failed++;
        }
        if (task.budget() != null) {
            unitsUsed += ack.unitsUsed() == null ? task.budget() : Math.min(ack.unitsUsed(), task.budget());
        }
    }

    private Remaining remaining() {
        long ready = engine.readyCount(client.queue(), types);
        Instant nextRunAt = engine.nextRunAt(client.queue(), types).orElse(null);
        Instant now = engine.clock().instant();
        if (ready == 0) {
            return new Remaining(0, nextRunAt, false, null);
        }
        Map<String, Long> used = engine.sessionUse(session);
        boolean sessionSpent = false;
        Instant hourEnds = null;
        for (ProfileStatus status : engine.queue().profiles().status()) {
            String key = status.active().profileKey();
            if (!concerns(key)) {
                continue;
            }
            Long perHour = status.active().maxPerHour();
            if (perHour != null && status.usedThisHour() >= perHour) {
                // hours are instants: the next one starts an hour after this one did, whatever the zone
                Instant next = status.active().hourStart().plus(Duration.ofHours(1));
                hourEnds = hourEnds == null || next.isBefore(hourEnds) ? next : hourEnds;
            }
            Integer perSession = status.active().limits().maxPerSession();
            if (perSession != null && used.getOrDefault(key, 0L) >= perSession) {
                sessionSpent = true;
            }
        }
        Instant due = hourEnds == null ? now : earliest(hourEnds, nextRunAt);
        return new Remaining(ready, due, sessionSpent, hourEnds);
    }

    /** Whether a profile may govern the tasks this cycle takes: a job type's may govern any. */
    private boolean concerns(String profileKey) {
        return types.isEmpty() || !profileKey.startsWith("task:") || types.contains(profileKey.substring(5));
    }

    private static Instant earliest(Instant a, Instant b) {
        return b == null || a.isBefore(b) ? a : b;
    }

    /** What a cycle leaves behind, and what held the rest back. */
    private record Remaining(long ready, Instant nextDueAt, boolean sessionSpent, Instant hourEnds) {
        StopReason whyNothingClaimed() {
            if (hourEnds != null) {
                return StopReason.HOURLY_LIMIT;
            }
            return sessionSpent ? StopReason.SESSION_BUDGET : StopReason.BLOCKED;
        }
    }
}
