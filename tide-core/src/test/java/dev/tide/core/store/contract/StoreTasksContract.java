package dev.tide.core.store.contract;

import static dev.tide.core.store.contract.TaskRows.task;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tide.api.AckResult;
import dev.tide.api.ConflictException;
import dev.tide.api.EnqueueResult;
import dev.tide.api.Lease;
import dev.tide.api.LeasedTask;
import dev.tide.api.Outcome;
import dev.tide.api.TaskInfo;
import dev.tide.api.TaskQuery;
import dev.tide.api.TaskState;
import dev.tide.api.UserFilter;
import dev.tide.core.store.Housekeeping;
import dev.tide.core.store.InsertBatch;
import dev.tide.core.store.LeaseExtension;
import dev.tide.core.store.SettleBatch;
import dev.tide.core.store.Settlement;
import dev.tide.core.store.TaskClaim;
import dev.tide.core.store.TaskClaims;
import dev.tide.core.store.TaskInserts;
import dev.tide.core.store.TaskReads;
import dev.tide.core.store.TaskSettlements;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Tasks in the store: insert, claim, settle, read back, and what a missing id or a taken key does. */
public abstract class StoreTasksContract extends StoreContract {
    private TaskInserts inserts;
    private TaskClaims claims;
    private TaskSettlements settlements;
    private TaskReads reads;
    private Housekeeping housekeeping;

    /** The roles this contract holds the store to, and those its tests set up with. */
    @BeforeEach
    void roles() {
        inserts = store;
        claims = store;
        settlements = store;
        reads = store;
        housekeeping = store;
    }

    private List<Long> insert(TaskRows... rows) {
        InsertBatch batch = inserts.taskInsertMany(
                java.util.Arrays.stream(rows).map(TaskRows::row).toList());
        return batch.results().stream().map(EnqueueResult::id).toList();
    }

    private List<LeasedTask> claim(String queue, int limit, String token, Instant now) {
        return claims.taskClaim(
                new TaskClaim(queue, Set.of(), limit, "worker-1", token, now, null, null, UserFilter.ANY));
    }

    private TaskInfo get(long id) {
        return reads.taskGet(id).orElseThrow();
    }

    @Test
    void anInsertAnswersEachRowInOrderAndReadsBackAsWritten() {
        InsertBatch batch = inserts.taskInsertMany(List.of(
                task("mail", T0)
                        .payload("{\"to\":\"a\"}")
                        .priority(3)
                        .owner("ann")
                        .row(),
                task("sms", T0)
                        .queue("texts")
                        .maxAttempts(7)
                        .deadline(T0.plus(Duration.ofHours(1)))
                        .row()));

        assertThat(batch.results()).allSatisfy(r -> assertThat(r.created()).isTrue());
        assertThat(batch.results()).extracting(r -> r.task().type()).containsExactly("mail", "sms");
        assertThat(batch.results().get(1).id())
                .isGreaterThan(batch.results().get(0).id());
        assertThat(batch.readyQueues()).containsExactlyInAnyOrder("default", "texts");

        TaskInfo mail = get(batch.results().get(0).id());
        assertThat(mail.queue()).isEqualTo("default");
        assertThat(mail.owner()).isEqualTo("ann");
        assertThat(mail.payload()).isEqualTo("{\"to\":\"a\"}");
        assertThat(mail.priority()).isEqualTo(3);
        assertThat(mail.state()).isEqualTo(TaskState.READY);
        assertThat(mail.attempts()).isZero();
        assertThat(mail.createdAt()).isEqualTo(T0);
        TaskInfo sms = get(batch.results().get(1).id());
        assertThat(sms.queue()).isEqualTo("texts");
        assertThat(sms.maxAttempts()).isEqualTo(7);
        assertThat(sms.deadline()).isEqualTo(T0.plus(Duration.ofHours(1)));
    }

    @Test
    void aTakenIdempotencyKeyAnswersTheTaskThatHasIt() {
        long first = insert(task("mail", T0).key("k1")).get(0);

        InsertBatch again =
                inserts.taskInsertMany(List.of(task("mail", T0).key("k1").row()));

        assertThat(again.results()).singleElement().satisfies(r -> {
            assertThat(r.created()).isFalse();
            assertThat(r.id()).isEqualTo(first);
        });
        assertThat(reads.taskList(TaskQuery.all()).items()).hasSize(1);
    }

    @Test
    void aKeyTakenWithOtherContentFailsTheWholeInsert() {
        insert(task("mail", T0).key("k1").payload("{\"n\":1}"));

        assertThatThrownBy(() ->
                        insert(task("other", T0), task("mail", T0).key("k1").payload("{\"n\":2}")))
                .isInstanceOf(ConflictException.class);

        assertThat(reads.taskList(TaskQuery.all()).items())
                .as("the row before the conflict was rolled back with it")
                .extracting(TaskInfo::type)
                .containsExactly("mail");
    }

    @Test
    void aClaimLeasesReadyTasksByPriorityThenAgeUpToItsLimit() {
        List<Long> ids = insert(task("a", T0), task("b", T0).priority(5), task("c", T0), task("d", T0));

        List<LeasedTask> leased = claim("default", 3, "tok-1", T0.plusSeconds(1));

        assertThat(leased).extracting(t -> t.task().id()).containsExactly(ids.get(1), ids.get(0), ids.get(2));
        assertThat(leased).allSatisfy(t -> {
            assertThat(t.task().state()).isEqualTo(TaskState.LEASED);
            assertThat(t.task().attempts()).isEqualTo(1);
            assertThat(t.lease().owner()).isEqualTo("worker-1");
            assertThat(t.lease().token()).isEqualTo("tok-1");
            assertThat(t.lease().expiresAt()).isEqualTo(T0.plusSeconds(1).plusMillis(60_000));
        });
        assertThat(get(ids.get(1)).leaseOwner()).isEqualTo("worker-1");
        assertThat(claim("default", 10, "tok-2", T0.plusSeconds(2)))
                .as("a leased task is not claimed again")
                .extracting(t -> t.task().id())
                .containsExactly(ids.get(3));
    }

    @Test
    void aClaimTakesOnlyItsQueueAndTypes() {
        List<Long> ids = insert(task("a", T0), task("b", T0), task("a", T0).queue("other"));

        List<LeasedTask> leased =
                claims.taskClaim(new TaskClaim("default", Set.of("b"), 10, "w", "t", T0, null, null, UserFilter.ANY));

        assertThat(leased).extracting(t -> t.task().id()).containsExactly(ids.get(1));
    }

    @Test
    void aScheduledTaskIsClaimedOnlyOnceItIsPromoted() {
        Instant later = T0.plus(Duration.ofMinutes(5));
        long id = insert(task("a", T0).runAt(later)).get(0);
        assertThat(get(id).state()).isEqualTo(TaskState.SCHEDULED);
        assertThat(housekeeping.taskNextRunAt()).contains(later);

        assertThat(claim("default", 10, "t", T0)).isEmpty();
        assertThat(housekeeping.taskPromoteDue(T0, 100)).isEmpty();
        assertThat(housekeeping.taskPromoteDue(later, 100)).containsExactly("default");

        assertThat(get(id).state()).isEqualTo(TaskState.READY);
        assertThat(claim("default", 10, "t", later))
                .extracting(t -> t.task().id())
                .containsExactly(id);
    }

    @Test
    void aSettlementWithTheLeasesTokenFinishesTheTask() {
        long id = insert(task("a", T0)).get(0);
        claim("default", 1, "tok", T0);

        SettleBatch done = settlements.taskSettleMany(
                List.of(Settlement.finish(id, "tok", Outcome.SUCCEEDED, "{\"ok\":true}", "fine")), T0.plusSeconds(3));

        assertThat(done.results()).singleElement().satisfies(r -> {
            assertThat(r.accepted()).isTrue();
            assertThat(r.state()).isEqualTo(TaskState.FINISHED);
            assertThat(r.outcome()).isEqualTo(Outcome.SUCCEEDED);
        });
        TaskInfo task = get(id);
        assertThat(task.state()).isEqualTo(TaskState.FINISHED);
        assertThat(task.outcome()).isEqualTo(Outcome.SUCCEEDED);
        assertThat(task.result()).isEqualTo("{\"ok\":true}");
        assertThat(task.message()).isEqualTo("fine");
        assertThat(task.finishedAt()).isEqualTo(T0.plusSeconds(3));
        assertThat(task.leaseOwner()).as("who ran it stays on record").isEqualTo("worker-1");
    }

    @Test
    void aSettlementWithAnotherTokenChangesNothing() {
        long id = insert(task("a", T0)).get(0);
        claim("default", 1, "tok", T0);

        SettleBatch batch = settlements.taskSettleMany(
                List.of(Settlement.finish(id, "not-the-token", Outcome.SUCCEEDED, null, null)), T0.plusSeconds(1));

        assertThat(batch.results())
                .singleElement()
                .extracting(AckResult::accepted)
                .isEqualTo(false);
        assertThat(get(id).state()).isEqualTo(TaskState.LEASED);
    }

    @Test
    void oneBatchSettlesEachLeaseOnItsOwn() {
        List<Long> ids = insert(task("a", T0), task("b", T0));
        claim("default", 2, "tok", T0);

        SettleBatch batch = settlements.taskSettleMany(
                List.of(
                        Settlement.finish(ids.get(0), "tok", Outcome.FAILED, null, "boom"),
                        Settlement.finish(ids.get(1), "stale", Outcome.SUCCEEDED, null, null),
                        Settlement.finish(999_999, "tok", Outcome.SUCCEEDED, null, null)),
                T0.plusSeconds(1));

        assertThat(batch.results()).extracting(AckResult::taskId).containsExactly(ids.get(0), ids.get(1), 999_999L);
        assertThat(batch.results()).extracting(AckResult::accepted).containsExactly(true, false, false);
        assertThat(get(ids.get(0)).outcome()).isEqualTo(Outcome.FAILED);
        assertThat(get(ids.get(1)).state()).isEqualTo(TaskState.LEASED);
    }

    @Test
    void aRescheduledTaskWaitsForItsTimeAndKeepsItsAttempt() {
        long id = insert(task("a", T0)).get(0);
        claim("default", 1, "tok", T0);
        Instant retryAt = T0.plus(Duration.ofMinutes(1));

        settlements.taskSettleMany(List.of(Settlement.reschedule(id, "tok", retryAt, T0, "again", false)), T0);

        TaskInfo task = get(id);
        assertThat(task.state()).isEqualTo(TaskState.SCHEDULED);
        assertThat(task.runAt()).isEqualTo(retryAt);
        assertThat(task.attempts()).isEqualTo(1);
        assertThat(task.message()).isEqualTo("again");
        housekeeping.taskPromoteDue(retryAt, 10);
        assertThat(claim("default", 1, "tok-2", retryAt))
                .singleElement()
                .satisfies(t -> assertThat(t.task().attempts()).isEqualTo(2));
    }

    @Test
    void aReleaseThatRefundsItsAttemptLeavesTheCountAsItWas() {
        long id = insert(task("a", T0)).get(0);
        claim("default", 1, "tok", T0);

        settlements.taskSettleMany(List.of(Settlement.reschedule(id, "tok", T0, T0, null, true)), T0);

        assertThat(get(id).state()).isEqualTo(TaskState.READY);
        assertThat(get(id).attempts()).isZero();
    }

    @Test
    void onlyLeasesStillHeldAreExtended() {
        List<Long> ids = insert(task("a", T0), task("b", T0));
        claim("default", 2, "tok", T0);
        Instant now = T0.plusSeconds(30);

        List<Lease> extended = claims.taskLeaseExtend(new LeaseExtension(
                List.of(
                        new LeaseExtension.LeaseRef(ids.get(0), "tok"),
                        new LeaseExtension.LeaseRef(ids.get(1), "wrong"),
                        new LeaseExtension.LeaseRef(999_999, "tok")),
                now,
                120_000L));

        assertThat(extended).singleElement().satisfies(l -> {
            assertThat(l.taskId()).isEqualTo(ids.get(0));
            assertThat(l.expiresAt()).isEqualTo(now.plusMillis(120_000));
        });
        assertThat(get(ids.get(0)).leaseExpiresAt()).isEqualTo(now.plusMillis(120_000));
        assertThat(get(ids.get(1)).leaseExpiresAt()).isEqualTo(T0.plusMillis(60_000));
    }

    @Test
    void expiredLeasesAreListedOnceTheirTimeHasPassed() {
        List<Long> ids = insert(task("a", T0), task("b", T0));
        claim("default", 1, "tok", T0);
        claim("default", 1, "tok-late", T0.plusSeconds(30));

        assertThat(housekeeping.taskLeaseExpired(T0.plusSeconds(59), 10)).isEmpty();
        assertThat(housekeeping.taskLeaseExpired(T0.plusSeconds(61), 10))
                .singleElement()
                .satisfies(e -> {
                    assertThat(e.taskId()).isEqualTo(ids.get(0));
                    assertThat(e.token()).isEqualTo("tok");
                    assertThat(e.attempts()).isEqualTo(1);
                    assertThat(e.maxAttempts()).isEqualTo(3);
                });
    }

    @Test
    void aCancelledTaskIsFinishedAndNoLongerClaimed() {
        long id = insert(task("a", T0)).get(0);

        Optional<SettleBatch> cancelled = settlements.taskCancel(id, "not needed", T0.plusSeconds(1));

        assertThat(cancelled).isPresent();
        assertThat(get(id).state()).isEqualTo(TaskState.FINISHED);
        assertThat(get(id).outcome()).isEqualTo(Outcome.CANCELLED);
        assertThat(claim("default", 10, "t", T0.plusSeconds(2))).isEmpty();
    }

    @Test
    void aMissingIdIsAnEmptyAnswerNotAnError() {
        long id = insert(task("a", T0)).get(0);

        assertThat(reads.taskGet(999_999)).isEmpty();
        assertThat(settlements.taskCancel(999_999, "x", T0)).isEmpty();
        assertThat(settlements.taskRetry(999_999, T0)).isEmpty();
        assertThat(reads.taskGetMany(List.of(999_999L, id)))
                .extracting(TaskInfo::id)
                .containsExactly(id);
    }

    @Test
    void readyCountsAndNextRunAtFollowTheTasksState() {
        insert(task("a", T0), task("b", T0), task("a", T0).runAt(T0.plusSeconds(90)));

        assertThat(reads.taskReadyCount("default", Set.of())).isEqualTo(2);
        assertThat(reads.taskReadyCount("default", Set.of("a"))).isEqualTo(1);
        assertThat(reads.taskNextRunAt("default", Set.of("a"))).contains(T0.plusSeconds(90));
        assertThat(reads.taskReadyCount("nowhere", Set.of())).isZero();
    }
}
