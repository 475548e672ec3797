package dev.tide.core.store.jdbc;

import dev.tide.api.AckResult;
import dev.tide.api.EnqueueResult;
import dev.tide.api.InvalidRequestException;
import dev.tide.api.JobInfo;
import dev.tide.api.Outcome;
import dev.tide.api.TaskState;
import dev.tide.core.store.InsertBatch;
import dev.tide.core.store.SettleBatch;
import dev.tide.core.store.Settlement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The settle transaction script: applies settlements, each a compare-and-set on its lease token (in bulk where they
 * are of distinct tasks), then their events, statistics, job info, enqueued tasks, dependents and job counters.
 */
final class TaskSettlement {
    private final Database db;
    private final LiveProfiles profiles;
    private final TaskInsertion insertion;
    private final JobLedger jobs;

    TaskSettlement(Database db, LiveProfiles profiles, TaskInsertion insertion) {
        this.db = db;
        this.profiles = profiles;
        this.insertion = insertion;
        this.jobs = insertion.jobs();
    }

    SettleBatch settle(Tx tx, List<Settlement> settlements, Instant now) throws SQLException {
        for (Settlement s : settlements) {
            if (s.unitsUsed() != null) {
                String refunded = ProfileSql.refund(tx, s.taskId(), s.token(), s.unitsUsed());
                if (refunded != null) {
                    profiles.forgetSpent(refunded);
                }
            }
        }
        List<SettledRow> rows = settleRows(tx, settlements, now);
        JobDeltas deltas = new JobDeltas();
        Set<String> ready = new LinkedHashSet<>();
        Map<Outcome, List<Long>> endedWithDependents = new LinkedHashMap<>();
        List<AckResult> results = new ArrayList<>(settlements.size());
        StatsTally tally = new StatsTally(now);
        for (int i = 0; i < settlements.size(); i++) {
            Settlement s = settlements.get(i);
            SettledRow row = rows.get(i);
            if (row == null) {
                results.add(AckResult.leaseLost(s.taskId()));
                continue;
            }
            LifecycleEvents.settled(tx, s, row, now, tally);
            if (s.jobInfo() != null) {
                if (row.jobId() == null) {
                    throw new InvalidRequestException("jobInfo", "task " + s.taskId() + " belongs to no job");
                }
                JobLedger.jobInfoUpdate(tx, row.jobId(), s.jobInfo());
            }
            List<Long> enqueued = List.of();
            if (!s.enqueue().isEmpty()) {
                InsertBatch batch = insertion.insertRows(tx, s.enqueue());
                enqueued = batch.results().stream().map(EnqueueResult::id).toList();
                ready.addAll(batch.readyQueues());
            }
            if (s.target() == TaskState.FINISHED) {
                deltas.add(row.jobId(), s.outcome());
                if (row.hasDependents()) {
                    endedWithDependents
                            .computeIfAbsent(s.outcome(), k -> new ArrayList<>())
                            .add(s.taskId());
                }
            }
            // A task ready again wakes its queue's waiting claims; so does any fair task's lease ending, since its
            // owner may have been at its concurrency cap, with tasks waiting that no claim could take until now.
            if (s.target() == TaskState.READY || row.fair()) {
                ready.add(row.queue());
            }
            results.add(new AckResult(s.taskId(), true, s.target(), s.outcome(), enqueued));
        }
        Dependents.afterEnded(tx, endedWithDependents, now, deltas, ready);
        List<JobInfo> finished = jobs.applyJobDeltas(tx, deltas, now, ready);
        tally.write(tx, db.dialect().statsSlot());
        return new SettleBatch(results, finished, ready, null);
    }

    /**
     * Applies the compare-and-set of every settlement (the task rows only; job counters, job info and enqueued tasks
     * follow in {@link #settle}), answering one row per settlement in order, null where the lease was lost. The result
     * must equal applying them one by one in order: settlements of distinct tasks go in bulk, and a batch that settles
     * one task twice runs one statement each, so the second sees the first.
     */
    private List<SettledRow> settleRows(Tx tx, List<Settlement> settlements, Instant now) throws SQLException {
        if (settlements.size() > 1 && distinctTasks(settlements)) {
            return settleInBulk(tx, settlements, now);
        }
        List<SettledRow> rows = new ArrayList<>(settlements.size());
        for (Settlement s : settlements) {
            rows.add(s.target() == TaskState.FINISHED ? finishRow(tx, s, now) : rescheduleRow(tx, s));
        }
        return rows;
    }

    /** Tasks of one claim (one lease token) that end with one outcome and say nothing more. */
    private record PlainFinish(String token, Outcome outcome) {
        static PlainFinish of(Settlement s) {
            boolean plain = s.target() == TaskState.FINISHED && s.result() == null && s.message() == null;
            return plain ? new PlainFinish(s.token(), s.outcome()) : null;
        }
    }

    /**
     * The common acknowledgement, a plain finish, needs one short statement per claim token and outcome
     * ({@code task_finish_many}); an acknowledgement batch holds the tasks of a few claims. The rest go to the
     * dialect's general bulk statement.
     */
    private List<SettledRow> settleInBulk(Tx tx, List<Settlement> settlements, Instant now) throws SQLException {
        Map<Long, Integer> positions = new HashMap<>();
        Map<PlainFinish, List<Long>> plain = new LinkedHashMap<>();
        List<Settlement> others = new ArrayList<>();
        for (int i = 0; i < settlements.size(); i++) {
            Settlement s = settlements.get(i);
            positions.put(s.taskId(), i);
            PlainFinish group = PlainFinish.of(s);
            if (group != null) {
                plain.computeIfAbsent(group, g -> new ArrayList<>()).add(s.taskId());
            } else {
                others.add(s);
            }
        }
        SettledRow[] rows = new SettledRow[settlements.size()];
        for (Map.Entry<PlainFinish, List<Long>> group : plain.entrySet()) {
            try (ResultSet rs = tx.prepare("task_finish_many")
                    .set("outcome", group.getKey().outcome().wireName())
                    .set("now", now)
                    .setLongs("ids", group.getValue())
                    .set("token", group.getKey().token())
                    .query()) {
                while (rs.next()) {
                    rows[positions.get(rs.getLong("id"))] = SettledRow.read(rs);
                }
            }
        }
        if (!others.isEmpty()) {
            List<SettledRow> settled = db.dialect().settleInBulk(tx, others, now);
            for (int i = 0; i < others.size(); i++) {
                rows[positions.get(others.get(i).taskId())] = settled.get(i);
            }
        }
        return Arrays.asList(rows);
    }

    private static boolean distinctTasks(List<Settlement> settlements) {
        Set<Long> seen = new HashSet<>();
        for (Settlement s : settlements) {
            if (!seen.add(s.taskId())) {
                return false;
            }
        }
        return true;
    }

    private static SettledRow finishRow(Tx tx, Settlement s, Instant now) throws SQLException {
        try (ResultSet rs = tx.prepare("task_finish")
                .set("outcome", s.outcome().wireName())
                .set("result", s.result())
                .set("message", s.message())
                .set("now", now)
                .set("id", s.taskId())
                .set("token", s.token())
                .query()) {
            return rs.next() ? SettledRow.read(rs) : null;
        }
    }

    private static SettledRow rescheduleRow(Tx tx, Settlement s) throws SQLException {
        try (ResultSet rs = tx.prepare("task_reschedule")
                .set("state", s.target().wireName())
                .set("run_at", s.runAt())
                .set("message", s.message())
                .set("refund", s.refundAttempt() ? 1L : 0L)
                .set("id", s.taskId())
                .set("token", s.token())
                .query()) {
            return rs.next() ? SettledRow.read(rs) : null;
        }
    }
}
