package dev.tide.core.store.contract;

import static dev.tide.core.store.contract.TaskRows.task;
import static org.assertj.core.api.Assertions.assertThat;

import dev.tide.api.EventQuery;
import dev.tide.api.TaskState;
import dev.tide.api.TideEvent;
import dev.tide.core.store.EventRow;
import dev.tide.core.store.Housekeeping;
import dev.tide.core.store.Reporting;
import dev.tide.core.store.TaskInserts;
import dev.tide.core.store.TaskReads;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** What the store reports: its event log, and counts of tasks. */
public abstract class StoreReportingContract extends StoreContract {
    private TaskInserts inserts;
    private TaskReads reads;
    private Housekeeping housekeeping;
    private Reporting reporting;

    /** The roles this contract holds the store to, and those its tests set up with. */
    @BeforeEach
    void roles() {
        inserts = store;
        reads = store;
        housekeeping = store;
        reporting = store;
    }

    private void event(int secondsAfterT0, String kind) {
        reporting.eventInsert(new EventRow(T0.plusSeconds(secondsAfterT0), kind, null, null, "default", "{\"n\":1}"));
    }

    @Test
    void eventsAreListedNewestFirstWithWhatWasWritten() {
        event(0, "queue.defined");
        event(1, "task.cancelled");
        event(2, "queue.defined");

        List<TideEvent> events = reporting.eventList(EventQuery.recent());

        assertThat(events)
                .extracting(TideEvent::kind)
                .containsExactly("queue.defined", "task.cancelled", "queue.defined");
        assertThat(events.get(0).at()).isEqualTo(T0.plusSeconds(2));
        assertThat(events.get(0).queue()).isEqualTo("default");
        assertThat(events.get(0).detail()).isEqualTo("{\"n\":1}");
        assertThat(events.get(0).id()).isGreaterThan(events.get(1).id());
    }

    @Test
    void eventsAreFilteredByKindAndPagedByIdAndLimit() {
        for (int i = 0; i < 5; i++) {
            event(i, i % 2 == 0 ? "a" : "b");
        }

        assertThat(reporting.eventList(EventQuery.recent().withKind("a"))).hasSize(3);
        List<TideEvent> firstPage = reporting.eventList(EventQuery.recent().withLimit(2));
        assertThat(firstPage).hasSize(2);
        List<TideEvent> next = reporting.eventList(
                EventQuery.recent().withBefore(firstPage.get(1).id()).withLimit(10));
        assertThat(next)
                .hasSize(3)
                .allSatisfy(e -> assertThat(e.id()).isLessThan(firstPage.get(1).id()));
    }

    @Test
    void pruningDeletesOnlyEventsBeforeTheCutoffUpToTheLimit() {
        for (int i = 0; i < 4; i++) {
            event(i, "a");
        }

        assertThat(housekeeping.eventPrune(T0.plusSeconds(3), 2)).isEqualTo(2);
        assertThat(housekeeping.eventPrune(T0.plusSeconds(3), 10)).isEqualTo(1);

        assertThat(reporting.eventList(EventQuery.recent()))
                .extracting(TideEvent::at)
                .containsExactly(T0.plusSeconds(3));
    }

    @Test
    void tasksAreCountedByQueueAndState() {
        inserts.taskInsertMany(List.of(
                task("a", T0).row(),
                task("a", T0).row(),
                task("a", T0).runAt(T0.plusSeconds(60)).row(),
                task("a", T0).queue("other").row()));

        assertThat(reads.taskCount("default", TaskState.READY)).hasValue(2);
        assertThat(reads.taskCount("default", TaskState.SCHEDULED)).hasValue(1);
        assertThat(reads.taskCount("other", TaskState.READY)).hasValue(1);
        assertThat(reads.taskCount("default", TaskState.LEASED).orElse(0)).isZero();
    }

    @Test
    void theStatusCountsEachQueuesTasksByState() {
        inserts.taskInsertMany(List.of(
                task("a", T0).row(),
                task("a", T0).row(),
                task("a", T0).queue("other").row()));

        var queues = reporting.status(10).queues();

        assertThat(queues).anySatisfy(q -> {
            assertThat(q.queue()).isEqualTo("default");
            assertThat(q.ready()).isEqualTo(2);
        });
        assertThat(queues).anySatisfy(q -> {
            assertThat(q.queue()).isEqualTo("other");
            assertThat(q.ready()).isEqualTo(1);
        });
    }
}
