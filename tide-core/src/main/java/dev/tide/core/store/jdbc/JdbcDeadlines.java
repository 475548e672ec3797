package dev.tide.core.store.jdbc;

import dev.tide.api.DeadlineNotice;
import dev.tide.core.store.DeadlineDue;
import dev.tide.core.store.DeadlineRaise;
import dev.tide.core.store.DeadlineRaised;
import dev.tide.core.store.DeadlineStore;
import dev.tide.core.store.TaskRow;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Deadline notices: finding tasks and jobs past a deadline and raising each notice once, with its alert tasks.
 */
public final class JdbcDeadlines implements DeadlineStore {
    private final Database db;
    private final TaskInsertion insertion;

    JdbcDeadlines(Database db, TaskInsertion insertion) {
        this.db = db;
        this.insertion = insertion;
    }

    @Override
    public List<DeadlineDue> taskDeadlineDue(int raised, Instant until, int limit) {
        return db.read(tx -> DeadlineSql.taskDue(tx, raised, until, limit));
    }

    @Override
    public List<DeadlineDue> jobDeadlineDue(int raised, Instant until, int limit) {
        return db.read(tx -> DeadlineSql.jobDue(tx, raised, until, limit));
    }

    @Override
    public Optional<Instant> deadlineNext(int raised) {
        return db.read(tx -> DeadlineSql.next(tx, raised));
    }

    @Override
    public DeadlineRaised deadlineRaise(List<DeadlineRaise> raises) {
        return db.write(tx -> {
            List<DeadlineNotice> raised = new ArrayList<>();
            List<TaskRow> alerts = new ArrayList<>();
            for (DeadlineRaise raise : raises) {
                if (DeadlineSql.mark(tx, raise)) {
                    raised.add(raise.notice());
                    EventSql.insert(tx, raise.event());
                    alerts.addAll(raise.alerts());
                }
            }
            Set<String> ready = alerts.isEmpty()
                    ? Set.of()
                    : insertion.insertRows(tx, alerts).readyQueues();
            return new DeadlineRaised(raised, ready);
        });
    }
}
