package dev.tide.core.store.contract;

import static dev.tide.core.store.contract.TaskRows.task;
import static org.assertj.core.api.Assertions.assertThat;

import dev.tide.api.DeadlineNotice;
import dev.tide.api.EnqueueResult;
import dev.tide.api.EventQuery;
import dev.tide.api.Outcome;
import dev.tide.api.TideEvent;
import dev.tide.core.store.DeadlineDue;
import dev.tide.core.store.DeadlineRaise;
import dev.tide.core.store.DeadlineRaised;
import dev.tide.core.store.DeadlineStore;
import dev.tide.core.store.EventRow;
import dev.tide.core.store.Reporting;
import dev.tide.core.store.TaskInserts;
import dev.tide.core.store.TaskReads;
import dev.tide.core.store.TaskSettlements;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Deadlines in the store: what is due at each notice level, and the compare-and-set that raises a notice once. */
public abstract class StoreDeadlinesContract extends StoreContract {
    private static final Instant D1 = T0.plus(Duration.ofHours(1));
    private static final Instant D2 = T0.plus(Duration.ofHours(2));

    private TaskInserts inserts;
    private TaskSettlements settlements;
    private TaskReads reads;
    private DeadlineStore deadlines;
    private Reporting reporting;

    /** The roles this contract holds the store to, and those its tests set up with. */
    @BeforeEach
    void roles() {
        inserts = store;
        settlements = store;
        reads = store;
        deadlines = store;
        reporting = store;
    }

    private List<Long> insert(Instant... dueAt) {
        return inserts
                .taskInsertMany(java.util.Arrays.stream(dueAt)
                        .map(d -> task("report", T0).deadline(d).row())
                        .toList())
                .results()
                .stream()
                .map(EnqueueResult::id)
                .toList();
    }

    private static DeadlineRaise warn(DeadlineDue due, Instant at) {
        return new DeadlineRaise(
                new DeadlineNotice(
                        DeadlineNotice.Kind.WARNING,
                        due.taskId(),
                        null,
                        due.type(),
                        due.queue(),
                        due.owner(),
                        due.deadline(),
                        at),
                due.raised(),
                new EventRow(at, "deadline.warning", due.taskId(), null, due.queue(), "{}"),
                List.of());
    }

    @Test
    void dueTasksComeEarliestDeadlineFirstUpToTheLimit() {
        List<Long> ids = insert(D2, D1, T0.plus(Duration.ofHours(9)));
        inserts.taskInsertMany(List.of(task("no-deadline", T0).row()));

        List<DeadlineDue> due = deadlines.taskDeadlineDue(DeadlineDue.NONE, D2, 10);

        assertThat(due).extracting(DeadlineDue::taskId).containsExactly(ids.get(1), ids.get(0));
        assertThat(due.get(0).deadline()).isEqualTo(D1);
        assertThat(due.get(0).type()).isEqualTo("report");
        assertThat(deadlines.taskDeadlineDue(DeadlineDue.NONE, D2, 1))
                .extracting(DeadlineDue::taskId)
                .containsExactly(ids.get(1));
        assertThat(deadlines.deadlineNext(DeadlineDue.NONE)).contains(D1);
    }

    @Test
    void aFinishedTaskIsNoLongerDue() {
        long id = insert(D1).get(0);

        settlements.taskCancel(id, "done with", T0);

        assertThat(deadlines.taskDeadlineDue(DeadlineDue.NONE, D2, 10)).isEmpty();
        assertThat(deadlines.deadlineNext(DeadlineDue.NONE)).isEmpty();
        assertThat(reads.taskGet(id).orElseThrow().outcome()).isEqualTo(Outcome.CANCELLED);
    }

    @Test
    void aRaisedNoticeMovesTheTaskToTheNextLevelWithItsEvent() {
        insert(D1);
        DeadlineDue due = deadlines.taskDeadlineDue(DeadlineDue.NONE, D1, 10).get(0);

        DeadlineRaised raised = deadlines.deadlineRaise(List.of(warn(due, D1.minusSeconds(60))));

        assertThat(raised.notices()).singleElement().satisfies(n -> {
            assertThat(n.kind()).isEqualTo(DeadlineNotice.Kind.WARNING);
            assertThat(n.taskId()).isEqualTo(due.taskId());
        });
        assertThat(deadlines.taskDeadlineDue(DeadlineDue.NONE, D1, 10)).isEmpty();
        assertThat(deadlines.taskDeadlineDue(DeadlineDue.WARNED, D1, 10))
                .extracting(DeadlineDue::taskId)
                .containsExactly(due.taskId());
        assertThat(reporting.eventList(EventQuery.recent().withKind("deadline.warning")))
                .extracting(TideEvent::taskId)
                .containsExactly(due.taskId());
    }

    @Test
    void aNoticeAlreadyRaisedIsNotRaisedAgain() {
        insert(D1);
        DeadlineDue due = deadlines.taskDeadlineDue(DeadlineDue.NONE, D1, 10).get(0);
        deadlines.deadlineRaise(List.of(warn(due, D1)));

        DeadlineRaised again = deadlines.deadlineRaise(List.of(warn(due, D1)));

        assertThat(again.notices()).as("another node raised it first").isEmpty();
        assertThat(reporting.eventList(EventQuery.recent().withKind("deadline.warning")))
                .hasSize(1);
    }
}
