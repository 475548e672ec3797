package dev.tide.core.store.jdbc;

import dev.tide.api.JobInfo;
import dev.tide.api.Outcome;
import dev.tide.api.TaskState;
import dev.tide.api.TideEvent;
import dev.tide.api.json.Json;
import dev.tide.core.store.EventRow;
import dev.tide.core.store.Settlement;
import java.sql.SQLException;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * What a task's or job's end adds to the hourly statistics and the event log, in the transaction of the change. The
 * event log keeps what a person looks back for (a failure for good, a job's end, a batch of expiries); what happens to
 * every task (each start, each success) is only counted, so a busy queue does not flood the log.
 */
final class LifecycleEvents {
    private LifecycleEvents() {}

    /** A settlement that took: counts its attempt's end and units, and logs a failure for good. */
    static void settled(Tx tx, Settlement s, SettledRow row, Instant now, StatsTally tally) throws SQLException {
        tally.add(row.type(), row.queue(), StatsTally.Count.UNITS_USED, row.unitsUsed(s.unitsUsed()));
        if (s.target() != TaskState.FINISHED) {
            if (!s.refundAttempt()) {
                tally.add(row.type(), row.queue(), StatsTally.Count.RETRIED, 1);
            }
            return;
        }
        if (s.outcome() == Outcome.SUCCEEDED) {
            tally.add(row.type(), row.queue(), StatsTally.Count.SUCCEEDED, 1);
        } else if (s.outcome() == Outcome.FAILED) {
            tally.add(row.type(), row.queue(), StatsTally.Count.FAILED, 1);
            Map<String, Object> detail = new LinkedHashMap<>();
            detail.put("type", row.type());
            detail.put("message", s.message());
            EventSql.insert(
                    tx,
                    new EventRow(now, TideEvent.TASK_FAILED, s.taskId(), row.jobId(), row.queue(), Json.write(detail)));
        }
    }

    /** A maintenance batch of expiries: counted per type, logged as one event per queue. */
    static void expired(Tx tx, List<SettledRow> rows, Instant now, int slot) throws SQLException {
        if (rows.isEmpty()) {
            return;
        }
        StatsTally tally = new StatsTally(now);
        Map<String, Map<String, Integer>> typesByQueue = new TreeMap<>();
        for (SettledRow row : rows) {
            tally.add(row.type(), row.queue(), StatsTally.Count.EXPIRED, 1);
            typesByQueue.computeIfAbsent(row.queue(), q -> new TreeMap<>()).merge(row.type(), 1, Integer::sum);
        }
        for (Map.Entry<String, Map<String, Integer>> queue : typesByQueue.entrySet()) {
            int count = queue.getValue().values().stream()
                    .mapToInt(Integer::intValue)
                    .sum();
            Map<String, Object> detail = new LinkedHashMap<>();
            detail.put("count", count);
            detail.put("types", queue.getValue());
            EventSql.insert(
                    tx, new EventRow(now, TideEvent.TASKS_EXPIRED, null, null, queue.getKey(), Json.write(detail)));
        }
        tally.write(tx, slot);
    }

    static void jobFinished(Tx tx, JobInfo job, Instant now) throws SQLException {
        Map<String, Object> detail = new LinkedHashMap<>();
        detail.put("type", job.type());
        detail.put("outcome", job.outcome() == null ? null : job.outcome().wireName());
        detail.put("total", job.total());
        detail.put("succeeded", job.succeeded());
        detail.put("failed", job.failed());
        detail.put("cancelled", job.cancelled());
        EventSql.insert(tx, new EventRow(now, TideEvent.JOB_FINISHED, null, job.id(), null, Json.write(detail)));
    }
}
