package dev.tide.core.store.jdbc;

import dev.tide.api.EventQuery;
import dev.tide.api.HourlyStats;
import dev.tide.api.JobInfo;
import dev.tide.api.Outcome;
import dev.tide.api.StatsQuery;
import dev.tide.api.StatusReport;
import dev.tide.api.TaskState;
import dev.tide.api.TideEvent;
import dev.tide.core.store.DigestAdvance;
import dev.tide.core.store.DigestReport;
import dev.tide.core.store.EventRow;
import dev.tide.core.store.InsertBatch;
import dev.tide.core.store.Reporting;
import java.sql.ResultSet;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;

/**
 * Status, events, hourly statistics and the digest.
 */
public final class JdbcReporting implements Reporting {
    private final Database db;
    private final TaskInsertion insertion;

    JdbcReporting(Database db, TaskInsertion insertion) {
        this.db = db;
        this.insertion = insertion;
    }

    @Override
    public StatusReport status(int openJobLimit) {
        return db.read(tx -> {
            Map<String, QueueCounts> byQueue = new TreeMap<>();
            try (ResultSet rs = tx.prepare("status_queues").query()) {
                while (rs.next()) {
                    String outcome = rs.getString("outcome");
                    byQueue.computeIfAbsent(rs.getString("queue"), QueueCounts::new)
                            .add(
                                    TaskState.parse(rs.getString("state")),
                                    outcome == null ? null : Outcome.parse(outcome),
                                    rs.getLong("n"));
                }
            }
            List<StatusReport.QueueDepth> queues =
                    byQueue.values().stream().map(QueueCounts::depth).toList();
            List<JobInfo> jobs = new ArrayList<>();
            try (ResultSet rs = tx.prepare("status_open_jobs")
                    .set("limit", (long) openJobLimit)
                    .query()) {
                while (rs.next()) {
                    jobs.add(Rows.job(rs));
                }
            }
            return new StatusReport(queues, jobs, QueueSettings.serverSuspended(tx));
        });
    }

    @Override
    public List<TideEvent> eventList(EventQuery query) {
        return db.read(tx -> EventSql.list(tx, query));
    }

    @Override
    public void eventInsert(EventRow event) {
        db.write(tx -> {
            EventSql.insert(tx, event);
            return null;
        });
    }

    @Override
    public List<HourlyStats> statsList(StatsQuery query) {
        return db.read(tx -> StatsSql.list(tx, query));
    }

    @Override
    public Optional<Instant> digestLastSent() {
        return db.read(DigestSql::lastSent);
    }

    @Override
    public DigestReport digestReport(Instant since, Instant until, int latest) {
        return db.read(tx -> DigestSql.report(tx, since, until, latest));
    }

    @Override
    public Optional<InsertBatch> digestAdvance(DigestAdvance advance) {
        return db.write(tx -> {
            if (!DigestSql.advance(tx, advance)) {
                return Optional.empty();
            }
            if (advance.task() == null) {
                return Optional.of(new InsertBatch(List.of(), Set.of()));
            }
            InsertBatch batch = insertion.insertRows(tx, List.of(advance.task()), false);
            EventRow event = advance.event();
            String detail = "{\"taskId\":" + batch.results().get(0).id() + ","
                    + event.detail().substring(1);
            EventSql.insert(tx, new EventRow(event.at(), event.kind(), null, null, event.queue(), detail));
            return Optional.of(batch);
        });
    }
}
