package dev.tide.core.contract;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tide.api.Actor;
import dev.tide.api.BulkAction;
import dev.tide.api.BulkActions;
import dev.tide.api.BulkInfo;
import dev.tide.api.BulkMatch;
import dev.tide.api.BulkRequest;
import dev.tide.api.BulkState;
import dev.tide.api.EventQuery;
import dev.tide.api.InvalidRequestException;
import dev.tide.api.NewTask;
import dev.tide.api.NotFoundException;
import dev.tide.api.Outcome;
import dev.tide.api.TaskQuery;
import dev.tide.api.TaskQueue;
import dev.tide.api.TaskState;
import dev.tide.api.TideEvent;
import dev.tide.core.TideConfig;
import dev.tide.core.TideInternals;
import dev.tide.core.engine.BulkRunner;
import dev.tide.core.store.BulkStore;
import java.time.Duration;
import java.time.Instant;
import java.time.InstantSource;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;

/**
 * Bulk actions, the same on every store and over HTTP: the tasks are chosen when the person confirms (none received
 * after the count, none that stopped matching), worked in batches of at most 1,000 per transaction, cancelled between
 * batches, taken over from a node that died, and logged with their actor.
 */
public abstract class BulkActionsContract extends ManualQueueContract {
    private static final String LANE = "lane";
    private static final TaskQuery IN_LANE = TaskQuery.all().withQueue(LANE);

    private BulkActions bulk() {
        return queue.bulk();
    }

    private List<Long> enqueue(int count, String queueName) {
        List<Long> ids = new ArrayList<>(count);
        for (int from = 0; from < count; from += 500) {
            List<NewTask> tasks = new ArrayList<>();
            for (int i = from; i < Math.min(count, from + 500); i++) {
                tasks.add(NewTask.builder("t").queue(queueName).owner("u").build());
            }
            queue.enqueueAll(tasks).forEach(r -> ids.add(r.id()));
        }
        return ids;
    }

    private long count(TaskQuery filter) {
        return bulk().match(filter).count();
    }

    private BulkInfo runToEnd(BulkInfo started) {
        fixture.engine().passes().runBulkActions();
        return bulk().get(started.id());
    }

    @Test
    void theCountIsConfirmedAndTheMatchingTasksAreActedOn() {
        List<Long> lane = enqueue(3, LANE);
        List<Long> other = enqueue(2, "other");

        BulkMatch match = bulk().match(IN_LANE);
        assertThat(match).isEqualTo(new BulkMatch(3, Collections.max(lane)));
        BulkInfo started = bulk().start(
                        BulkRequest.matching(BulkAction.CANCEL, IN_LANE, match).withReason("spam"));

        assertThat(started.state()).isEqualTo(BulkState.RUNNING);
        assertThat(started.action()).isEqualTo(BulkAction.CANCEL);
        assertThat(started.matched()).isEqualTo(3);
        assertThat(started.owner()).isNull();
        BulkInfo done = runToEnd(started);
        assertThat(done.state()).isEqualTo(BulkState.DONE);
        assertThat(List.of(done.matched(), done.processed(), done.changed(), done.skipped()))
                .containsExactly(3L, 3L, 3L, 0L);
        assertThat(done.finishedAt()).isEqualTo(T0);
        for (long id : lane) {
            assertThat(queue.task(id).outcome()).isEqualTo(Outcome.CANCELLED);
            assertThat(queue.task(id).message()).isEqualTo("spam");
        }
        for (long id : other) {
            assertThat(queue.task(id).state()).isEqualTo(TaskState.READY);
        }
        assertThat(bulk().recent(10)).extracting(BulkInfo::id).containsExactly(started.id());
    }

    @Test
    void onlyTheTasksThatMatchedWhenConfirmedAreTouched() {
        enqueue(2, LANE);
        BulkMatch match = bulk().match(IN_LANE);
        long later = enqueue(1, LANE).get(0);

        BulkInfo done = runToEnd(bulk().start(BulkRequest.matching(BulkAction.PARK, IN_LANE, match)));

        assertThat(done.matched()).isEqualTo(2);
        assertThat(done.changed()).isEqualTo(2);
        assertThat(queue.task(later).state()).as("received after the count").isEqualTo(TaskState.READY);
    }

    @Test
    void aTaskTheActionNoLongerAppliesToIsSkippedAndCounted() {
        List<Long> ids = enqueue(3, LANE);
        BulkInfo started = bulk().start(BulkRequest.ids(BulkAction.CANCEL, ids));
        queue.cancel(ids.get(1), "by hand");

        BulkInfo done = runToEnd(started);

        assertThat(List.of(done.matched(), done.processed(), done.changed(), done.skipped()))
                .containsExactly(3L, 3L, 2L, 1L);
        assertThat(queue.task(ids.get(1)).message()).isEqualTo("by hand");

        BulkInfo retried = runToEnd(bulk().start(BulkRequest.matching(
                BulkAction.RETRY,
                IN_LANE.withOutcome(Outcome.CANCELLED),
                bulk().match(IN_LANE.withOutcome(Outcome.CANCELLED)))));
        assertThat(retried.changed()).isEqualTo(3);
        assertThat(count(IN_LANE.withState(TaskState.READY))).isEqualTo(3);

        BulkInfo again = runToEnd(bulk().start(BulkRequest.ids(BulkAction.RETRY, ids)));
        assertThat(List.of(again.changed(), again.skipped()))
                .as("ready tasks are not retried")
                .containsExactly(0L, 3L);
    }

    @Test
    void unknownIdsMatchNothingAndParkedTasksUnpark() {
        List<Long> ids = enqueue(2, LANE);
        List<Long> named = new ArrayList<>(ids);
        named.add(987_654L);

        BulkInfo parked = runToEnd(bulk().start(BulkRequest.ids(BulkAction.PARK, named)));
        assertThat(parked.matched()).isEqualTo(2);
        assertThat(count(IN_LANE.withState(TaskState.PARKED))).isEqualTo(2);

        BulkInfo unparked = runToEnd(bulk().start(BulkRequest.ids(BulkAction.UNPARK, ids)));
        assertThat(unparked.changed()).isEqualTo(2);
        assertThat(count(IN_LANE.withState(TaskState.READY))).isEqualTo(2);
    }

    @Test
    void workIsDoneInBatchesOfAtMostOneThousandTasks() {
        enqueue(2_500, LANE);
        BulkInfo started = bulk().start(BulkRequest.matching(BulkAction.PARK, IN_LANE, bulk().match(IN_LANE)));
        assertThat(started.matched()).isEqualTo(2_500);

        assertThat(fixture.engine().passes().runBulkActionBatch()).isTrue();
        BulkInfo first = bulk().get(started.id());
        assertThat(first.state()).isEqualTo(BulkState.RUNNING);
        assertThat(first.processed()).isEqualTo(1_000);
        assertThat(count(IN_LANE.withState(TaskState.PARKED))).isEqualTo(1_000);

        assertThat(fixture.engine().passes().runBulkActions())
                .as("the two batches left")
                .isEqualTo(2);
        BulkInfo done = bulk().get(started.id());
        assertThat(done.state()).isEqualTo(BulkState.DONE);
        assertThat(done.processed()).isEqualTo(2_500);
        assertThat(count(IN_LANE.withState(TaskState.PARKED))).isEqualTo(2_500);
        assertThat(fixture.engine().passes().runBulkActions()).isZero();
    }

    @Test
    void aCancelStopsBeforeTheNextBatchAndKeepsTheBatchesDone() {
        enqueue(1_500, LANE);
        BulkInfo started = bulk().start(BulkRequest.matching(BulkAction.CANCEL, IN_LANE, bulk().match(IN_LANE)));
        fixture.engine().passes().runBulkActionBatch();

        BulkInfo cancelled = bulk().cancel(started.id());

        assertThat(cancelled.state()).isEqualTo(BulkState.CANCELLED);
        assertThat(cancelled.processed()).isEqualTo(1_000);
        assertThat(cancelled.finishedAt()).isEqualTo(T0);
        assertThat(fixture.engine().passes().runBulkActions()).isZero();
        assertThat(count(IN_LANE.withOutcome(Outcome.CANCELLED))).isEqualTo(1_000);
        assertThat(count(IN_LANE.withState(TaskState.READY))).isEqualTo(500);
        assertThat(bulk().cancel(started.id()))
                .as("a second cancel answers it as it is")
                .isEqualTo(cancelled);
    }

    @Test
    void aBulkActionWhoseNodeDiedIsTakenOverOnceItsLeaseRunsOut() {
        List<Long> ids = enqueue(1_200, LANE);
        BulkInfo started = bulk().start(BulkRequest.ids(BulkAction.PARK, ids));
        BulkStore store = TideInternals.store(fixture.engine()).bulk();
        Instant now = clock.instant();
        assertThat(store.bulkTake("dead-node", now, now.plus(BulkRunner.LEASE))).contains(started.id());
        assertThat(store.bulkBatch(started.id(), "dead-node", BulkActions.BATCH_SIZE, now, now.plus(BulkRunner.LEASE))
                        .ran())
                .isTrue();

        assertThat(fixture.engine().passes().runBulkActions())
                .as("its node's lease still runs")
                .isZero();
        clock.advance(BulkRunner.LEASE.plusSeconds(1));
        assertThat(fixture.engine().passes().runBulkActions()).isEqualTo(1);

        BulkInfo done = bulk().get(started.id());
        assertThat(done.state()).isEqualTo(BulkState.DONE);
        assertThat(List.of(done.processed(), done.changed(), done.skipped())).containsExactly(1_200L, 1_200L, 0L);
        assertThat(store.bulkBatch(started.id(), "dead-node", BulkActions.BATCH_SIZE, now, now)
                        .ran())
                .as("the dead node, back, finds it no longer its own")
                .isFalse();
    }

    @Test
    void aRunningBulkActionThatNoNodeHoldsIsResumedByAnyPass() {
        List<Long> ids = enqueue(3, LANE);
        BulkInfo started = bulk().start(BulkRequest.ids(BulkAction.PARK, ids));

        // maintenance is off: nothing ran it, as after a node died between its start and its first batch
        assertThat(bulk().get(started.id()).state()).isEqualTo(BulkState.RUNNING);
        assertThat(runToEnd(started).state()).isEqualTo(BulkState.DONE);
    }

    @Test
    void withMaintenanceOnTheEngineRunsItInTheBackground() throws InterruptedException {
        try (QueueFixture running = factory()
                .open(InstantSource.system(), TideConfig.defaults().withMaintenanceInterval(Duration.ofMillis(50)))) {
            TaskQueue live = running.queue();
            List<Long> ids = new ArrayList<>();
            live.enqueueAll(java.util.Collections.nCopies(
                            1_500, NewTask.builder("t").queue(LANE).build()))
                    .forEach(r -> ids.add(r.id()));

            BulkInfo started = live.bulk().start(BulkRequest.ids(BulkAction.CANCEL, ids));
            long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
            BulkInfo now = started;
            while (now.state() == BulkState.RUNNING && System.nanoTime() < deadline) {
                Thread.sleep(20);
                now = live.bulk().get(started.id());
            }

            assertThat(now.state()).isEqualTo(BulkState.DONE);
            assertThat(now.changed()).isEqualTo(1_500);
        }
    }

    @Test
    void badRequestsAreRefusedNamingTheFieldAndWriteNothing() {
        List<Long> ids = enqueue(1, LANE);
        List<Long> tooMany =
                LongStream.rangeClosed(1, BulkRequest.MAX_IDS + 1).boxed().toList();

        assertThatThrownBy(() -> new BulkRequest(BulkAction.CANCEL, IN_LANE, ids, 10L, null))
                .isInstanceOf(InvalidRequestException.class)
                .hasMessageContaining("taskIds");
        assertThatThrownBy(() -> new BulkRequest(BulkAction.CANCEL, null, List.of(), null, null))
                .isInstanceOf(InvalidRequestException.class)
                .hasMessageContaining("filter");
        assertThatThrownBy(() -> new BulkRequest(BulkAction.CANCEL, IN_LANE, List.of(), null, null))
                .isInstanceOf(InvalidRequestException.class)
                .hasMessageContaining("upToTaskId");
        assertThatThrownBy(() -> BulkRequest.ids(BulkAction.PARK, tooMany))
                .isInstanceOf(InvalidRequestException.class)
                .hasMessageContaining("taskIds");
        assertThatThrownBy(() -> BulkRequest.ids(BulkAction.PARK, ids).withReason("why"))
                .isInstanceOf(InvalidRequestException.class)
                .hasMessageContaining("reason");
        assertThatThrownBy(() -> BulkRequest.ids(null, ids))
                .isInstanceOf(InvalidRequestException.class)
                .hasMessageContaining("action");
        assertThatThrownBy(() -> bulk().start(null)).isInstanceOf(InvalidRequestException.class);
        assertThatThrownBy(() -> bulk().match(null)).isInstanceOf(InvalidRequestException.class);
        assertThatThrownBy(() -> bulk().recent(0))
                .isInstanceOf(InvalidRequestException.class)
                .hasMessageContaining("limit");
        assertThatThrownBy(() -> bulk().get(987_654)).isInstanceOf(NotFoundException.class);
        assertThatThrownBy(() -> bulk().cancel(987_654)).isInstanceOf(NotFoundException.class);

        assertThat(bulk().recent(10)).isEmpty();
        assertThat(queue.task(ids.get(0)).state()).isEqualTo(TaskState.READY);
    }

    @Test
    @SuppressWarnings("try")
    void startCancelAndEndAreLoggedWithTheirActorAndCounts() {
        List<Long> ids = enqueue(2, LANE);
        BulkInfo done;
        BulkInfo cancelled;
        try (Actor.Scope as = Actor.enter("ops:ada")) {
            done = runToEnd(bulk().start(BulkRequest.ids(BulkAction.PARK, ids)));
            cancelled = bulk().cancel(bulk().start(BulkRequest.ids(BulkAction.UNPARK, ids))
                    .id());
        }

        assertThat(done.actor()).isNotNull();
        List<TideEvent> events = queue.monitoring().events(EventQuery.recent());
        assertThat(events)
                .filteredOn(e -> e.kind().startsWith("bulk."))
                .extracting(TideEvent::kind)
                .containsExactly(
                        TideEvent.BULK_CANCELLED, TideEvent.BULK_STARTED, TideEvent.BULK_ENDED, TideEvent.BULK_STARTED);
        TideEvent ended = events.stream()
                .filter(e -> e.kind().equals(TideEvent.BULK_ENDED))
                .findFirst()
                .orElseThrow();
        assertThat(ended.detail())
                .contains("\"actor\":\"" + done.actor() + "\"")
                .contains("\"bulkId\":" + done.id())
                .contains("\"changed\":2");
        assertThat(cancelled.state()).isEqualTo(BulkState.CANCELLED);
    }
}
