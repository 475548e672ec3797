package dev.tide.core.contract;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tide.api.Ack;
import dev.tide.api.ClaimRequest;
import dev.tide.api.Discipline;
import dev.tide.api.InvalidRequestException;
import dev.tide.api.LeasedTask;
import dev.tide.api.NewTask;
import dev.tide.api.PendingLimitException;
import dev.tide.api.QueueDefinition;
import dev.tide.api.QueueUser;
import dev.tide.api.UserFilter;
import dev.tide.api.UserShares;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Fair queues and the claim filters of seed 004, the same on every store and over HTTP: users take turns by their
 * allocation, none holds more leases than its concurrency cap, and a claim's required, excluded, preferred and
 * prohibited users, types and payload size decide whose tasks it may take. The filters apply to every discipline.
 */
public abstract class FairQueueContract extends ManualQueueContract {
    private static final String FAIR = "fair";

    @BeforeEach
    void defineFairQueue() {
        queue.queues().define(QueueDefinition.named(FAIR).withDiscipline(Discipline.FAIR));
    }

    private long enqueue(String lane, String user) {
        return enqueue(lane, user, "t", "{}");
    }

    private long enqueue(String lane, String user, String type, String payload) {
        return queue.enqueue(NewTask.builder(type)
                        .queue(lane)
                        .owner(user)
                        .payloadJson(payload)
                        .build())
                .id();
    }

    private void enqueueMany(String lane, String user, int n) {
        for (int i = 0; i < n; i++) {
            enqueue(lane, user);
        }
    }

    /** The owners of the tasks claimed one at a time from the lane (each acknowledged at once), until none is left. */
    private String turns(String lane, ClaimRequest request) {
        List<String> owners = new ArrayList<>();
        while (true) {
            List<LeasedTask> got = queue.claim(request);
            if (got.isEmpty()) {
                return String.join("", owners);
            }
            for (LeasedTask task : got) {
                owners.add(task.task().owner());
                queue.ack(Ack.succeed(task.lease()));
            }
        }
    }

    private String turns(String lane) {
        return turns(lane, ClaimRequest.of(lane, "w", 1));
    }

    private static String owners(List<LeasedTask> tasks) {
        return tasks.stream().map(t -> t.task().owner()).collect(Collectors.joining());
    }

    // --- turns ---------------------------------------------------------------------------------------------------

    @Test
    void usersTakeTurnsWhateverTheirBacklog() {
        enqueueMany(FAIR, "a", 6);
        enqueueMany(FAIR, "b", 2);
        enqueueMany(FAIR, "c", 2);
        assertThat(turns(FAIR)).isEqualTo("abcabcaaaa");
    }

    @Test
    void aBatchClaimFollowsTheTurnsToo() {
        enqueueMany(FAIR, "a", 6);
        enqueueMany(FAIR, "b", 3);
        List<LeasedTask> batch = queue.claim(ClaimRequest.of(FAIR, "w", 6));
        assertThat(owners(batch).chars().filter(c -> c == 'a').count()).isEqualTo(3);
        assertThat(owners(batch).chars().filter(c -> c == 'b').count()).isEqualTo(3);
        assertThat(batch).extracting(t -> t.task().owner()).containsOnly("a", "b");
    }

    @Test
    void aUsersAllocationIsItsTasksPerRound() {
        queue.queues().assignUsers(FAIR, new UserShares(Set.of("a"), 3, null));
        enqueueMany(FAIR, "a", 9);
        enqueueMany(FAIR, "b", 3);
        assertThat(turns(FAIR)).isEqualTo("abaaabaaabaa");
    }

    @Test
    void theQueueDefaultAllocationAppliesToUsersWithoutTheirOwn() {
        queue.queues()
                .define(QueueDefinition.named(FAIR)
                        .withDiscipline(Discipline.FAIR)
                        .withDefaultAllocation(2));
        queue.queues().assignUsers(FAIR, new UserShares(Set.of("b"), 1, null));
        enqueueMany(FAIR, "a", 4);
        enqueueMany(FAIR, "b", 2);
        assertThat(turns(FAIR)).isEqualTo("abaaba");
    }

    @Test
    void allocationZeroLeavesAUserOutOfTheTurnsUnlessAClaimRequiresIt() {
        queue.queues().assignUsers(FAIR, new UserShares(Set.of("z"), 0, null));
        enqueueMany(FAIR, "z", 2);
        enqueueMany(FAIR, "a", 2);
        assertThat(turns(FAIR)).isEqualTo("aa");
        assertThat(turns(FAIR, ClaimRequest.of(FAIR, "w", 1).withUsers(UserFilter.requiring("z"))))
                .isEqualTo("zz");
    }

    @Test
    void aUserBackFromIdleBanksNoCredit() {
        enqueueMany(FAIR, "a", 20);
        enqueueMany(FAIR, "b", 20);
        List<LeasedTask> first = new ArrayList<>();
        for (int i = 0; i < 20; i++) {
            first.addAll(queue.claim(ClaimRequest.of(FAIR, "w", 1)));
        }
        assertThat(owners(first)).isEqualTo("ab".repeat(10));
        // c was idle while a and b took ten turns each: it joins the turns where they are, not ten turns behind.
        enqueueMany(FAIR, "c", 10);
        List<LeasedTask> next = new ArrayList<>();
        for (int i = 0; i < 6; i++) {
            next.addAll(queue.claim(ClaimRequest.of(FAIR, "w", 1)));
        }
        assertThat(owners(next).chars().filter(c -> c == 'c').count()).isEqualTo(2);
    }

    @Test
    void aUsersOwnTasksGoInPriorityOrder() {
        long low = queue.enqueue(
                        NewTask.builder("t").queue(FAIR).owner("a").priority(1).build())
                .id();
        long high = queue.enqueue(
                        NewTask.builder("t").queue(FAIR).owner("a").priority(9).build())
                .id();
        assertThat(queue.claim(ClaimRequest.of(FAIR, "w", 2)))
                .extracting(LeasedTask::id)
                .containsExactly(high, low);
    }

    @Test
    void aQueueTurnedFairServesTheTasksAlreadyWaitingInTurns() {
        enqueueMany("lane", "a", 3);
        enqueueMany("lane", "b", 1);
        queue.queues().define(QueueDefinition.named("lane").withDiscipline(Discipline.FAIR));
        fixture.maintenance();
        assertThat(turns("lane")).isEqualTo("abaa");
    }

    // --- concurrency ---------------------------------------------------------------------------------------------

    @Test
    void noUserHoldsMoreLeasesThanItsConcurrency() {
        queue.queues()
                .define(QueueDefinition.named(FAIR)
                        .withDiscipline(Discipline.FAIR)
                        .withDefaultConcurrency(2));
        enqueueMany(FAIR, "a", 5);
        enqueueMany(FAIR, "b", 1);
        List<LeasedTask> held = queue.claim(ClaimRequest.of(FAIR, "w", 10));
        assertThat(owners(held).chars().sorted().toArray()).containsExactly('a', 'a', 'b');
        assertThat(queue.claim(ClaimRequest.of(FAIR, "other", 10))).isEmpty();
        assertThat(queue.queues().users(FAIR))
                .filteredOn(u -> u.user().equals("a"))
                .singleElement()
                .satisfies(a -> assertThat(a.leased()).isEqualTo(2));

        LeasedTask done = held.stream()
                .filter(t -> t.task().owner().equals("a"))
                .findFirst()
                .orElseThrow();
        queue.ack(Ack.succeed(done.lease()));
        assertThat(owners(queue.claim(ClaimRequest.of(FAIR, "w", 10)))).isEqualTo("a");
    }

    @Test
    void concurrencyZeroDispatchesNothingEvenWhenRequired() {
        queue.queues().assignUsers(FAIR, new UserShares(Set.of("q"), null, 0));
        enqueueMany(FAIR, "q", 2);
        long other = enqueue(FAIR, "a");
        assertThat(queue.claim(ClaimRequest.of(FAIR, "w", 10)))
                .extracting(LeasedTask::id)
                .containsExactly(other);
        assertThat(queue.claim(ClaimRequest.of(FAIR, "w", 10).withUsers(UserFilter.requiring("q"))))
                .isEmpty();
        // Lifting the cap lets them go.
        queue.queues().assignUsers(FAIR, new UserShares(Set.of("q"), null, null));
        assertThat(turns(FAIR)).isEqualTo("qq");
    }

    @Test
    void aLeaseThatExpiresOrIsReleasedGivesItsUserRoomAgain() {
        queue.queues().assignUsers(FAIR, new UserShares(Set.of("a"), null, 1));
        enqueueMany(FAIR, "a", 2);
        assertThat(queue.claim(ClaimRequest.of(FAIR, "w", 5).withLease(Duration.ofSeconds(10))))
                .hasSize(1);
        assertThat(queue.claim(ClaimRequest.of(FAIR, "w", 5))).isEmpty();
        clock.advance(Duration.ofSeconds(11));
        fixture.maintenance();
        LeasedTask second = queue.claim(ClaimRequest.of(FAIR, "w", 5)).get(0);
        assertThat(queue.claim(ClaimRequest.of(FAIR, "w", 5))).isEmpty();
        queue.ack(Ack.builder(second.lease()).release());
        assertThat(queue.claim(ClaimRequest.of(FAIR, "w", 5))).hasSize(1);
    }

    @Test
    void aUserHeldBackByItsCapBanksNoCreditAndTurnsStayTwoToOne() {
        queue.queues().assignUsers(FAIR, new UserShares(Set.of("a"), 2, null));
        queue.queues().assignUsers(FAIR, new UserShares(Set.of("b"), 1, 1));
        enqueueMany(FAIR, "a", 90);
        enqueueMany(FAIR, "b", 20);
        LeasedTask held = queue.claim(ClaimRequest.of(FAIR, "w", 1).withUsers(UserFilter.requiring("b")))
                .get(0);
        // b sits at its cap while a is served sixty times: b's turns go by, they are not owed to it later.
        assertThat(turns(FAIR, 60)).isEqualTo("a".repeat(60));
        queue.ack(Ack.succeed(held.lease()));
        String next = turns(FAIR, 30);
        for (int turn = 0; turn < 30; turn += 3) {
            assertThat(next.substring(turn, turn + 3).chars().filter(c -> c == 'b'))
                    .as("turn %d of %s", turn / 3, next)
                    .hasSize(1);
        }
    }

    @Test
    void aUserLeftOutByClaimsFiltersBanksNoCreditEither() {
        enqueueMany(FAIR, "a", 30);
        enqueueMany(FAIR, "b", 30);
        assertThat(turns(ClaimRequest.of(FAIR, "w", 1).withUsers(UserFilter.excluding("b")), 20))
                .isEqualTo("a".repeat(20));
        String next = turns(FAIR, 10);
        for (int turn = 0; turn < 10; turn += 2) {
            assertThat(next.substring(turn, turn + 2).chars().filter(c -> c == 'b'))
                    .as("turn %d of %s", turn / 2, next)
                    .hasSize(1);
        }
    }

    /** The owners of {@code n} single claims from the lane, each acknowledged at once. */
    private String turns(String lane, int n) {
        return turns(ClaimRequest.of(lane, "w", 1), n);
    }

    /** The owners of the tasks of {@code n} claims of one task, each acknowledged at once. */
    private String turns(ClaimRequest request, int n) {
        StringBuilder owners = new StringBuilder();
        for (int i = 0; i < n; i++) {
            LeasedTask task = queue.claim(request).get(0);
            owners.append(task.task().owner());
            queue.ack(Ack.succeed(task.lease()));
        }
        return owners.toString();
    }

    @Test
    void claimingAChosenTaskKeepsTheCapToo() {
        queue.queues().assignUsers(FAIR, new UserShares(Set.of("a"), null, 1));
        long one = enqueue(FAIR, "a");
        long two = enqueue(FAIR, "a");
        assertThat(queue.claimTask(one, "w", null)).isPresent();
        assertThat(queue.claimTask(two, "w", null)).isEmpty();
    }

    @Test
    void usersSharesAreListedAndBadSharesRefused() {
        enqueue(FAIR, "a");
        List<QueueUser> assigned = queue.queues().assignUsers(FAIR, new UserShares(Set.of("b"), 4, 2));
        assertThat(assigned).singleElement().satisfies(b -> {
            assertThat(b.allocation()).isEqualTo(4);
            assertThat(b.effectiveConcurrency()).isEqualTo(2);
        });
        assertThat(queue.queues().users(FAIR)).extracting(QueueUser::user).containsExactly("a", "b");
        assertThat(queue.queues().users(FAIR).get(0)).satisfies(a -> {
            assertThat(a.allocation()).isNull();
            assertThat(a.effectiveAllocation()).isEqualTo(1);
            assertThat(a.effectiveConcurrency()).isNull();
            assertThat(a.waiting()).isTrue();
        });
        assertThatThrownBy(() -> queue.queues().assignUsers(FAIR, new UserShares(Set.of("b"), -1, null)))
                .isInstanceOf(InvalidRequestException.class)
                .hasMessageContaining("allocation");
        assertThatThrownBy(() -> queue.queues().assignUsers(FAIR, new UserShares(Set.of(), 1, null)))
                .isInstanceOf(InvalidRequestException.class)
                .hasMessageContaining("users");
        assertThatThrownBy(
                        () -> queue.queues().define(QueueDefinition.named(FAIR).withDefaultConcurrency(-2)))
                .isInstanceOf(InvalidRequestException.class)
                .hasMessageContaining("defaultConcurrency");
    }

    @Test
    void adjustingUsersChangesOnlyTheSharesGivenAndTakesEffectAtTheNextClaim() {
        queue.queues().assignUsers(FAIR, new UserShares(Set.of("a", "b"), 2, 1));
        List<QueueUser> adjusted = queue.queues().adjustUsers(FAIR, new UserShares(Set.of("a", "c"), 3, null, null));
        assertThat(adjusted).extracting(QueueUser::user).containsExactly("a", "c");
        assertThat(adjusted.get(0)).satisfies(a -> {
            assertThat(a.allocation()).isEqualTo(3);
            assertThat(a.concurrency()).as("kept").isEqualTo(1);
        });
        assertThat(adjusted.get(1)).satisfies(c -> {
            assertThat(c.allocation()).isEqualTo(3);
            assertThat(c.concurrency()).as("the queue's default").isNull();
        });
        queue.queues().adjustUsers(FAIR, new UserShares(Set.of("b"), null, 0, null));
        assertThat(queue.queues().users(FAIR).get(1)).satisfies(b -> {
            assertThat(b.allocation()).isEqualTo(2);
            assertThat(b.concurrency()).isZero();
        });
        enqueueMany(FAIR, "b", 2);
        assertThat(queue.claim(ClaimRequest.of(FAIR, "w", 10)))
                .as("b may hold no lease")
                .isEmpty();
        queue.queues().adjustUsers(FAIR, new UserShares(Set.of("b"), null, 1, null));
        assertThat(queue.claim(ClaimRequest.of(FAIR, "w", 10))).hasSize(1);

        assertThatThrownBy(() -> queue.queues().adjustUsers(FAIR, new UserShares(Set.of("b"), null, null, null)))
                .isInstanceOf(InvalidRequestException.class)
                .hasMessageContaining("shares");
    }

    @Test
    void aUsersOwnPendingBoundTakesThePlaceOfTheQueuesPerUserBound() {
        queue.queues()
                .define(QueueDefinition.named(FAIR)
                        .withDiscipline(Discipline.FAIR)
                        .withPendingBounds(null, null, 2));
        queue.queues().adjustUsers(FAIR, new UserShares(Set.of("big"), null, null, 3));
        queue.queues().adjustUsers(FAIR, new UserShares(Set.of("tiny"), null, null, 1));

        enqueueMany(FAIR, "big", 3);
        enqueueMany(FAIR, "other", 2);
        enqueue(FAIR, "tiny");
        for (String user : List.of("big", "other", "tiny")) {
            assertThatThrownBy(() -> enqueue(FAIR, user)).as(user).isInstanceOf(PendingLimitException.class);
        }
        assertThat(queue.queues().users(FAIR))
                .filteredOn(u -> u.user().equals("big"))
                .singleElement()
                .satisfies(big -> {
                    assertThat(big.maxPending()).isEqualTo(3);
                    assertThat(big.effectiveMaxPending()).isEqualTo(3);
                });
        assertThat(queue.queues().users(FAIR))
                .filteredOn(u -> u.user().equals("other"))
                .singleElement()
                .satisfies(other -> assertThat(other.effectiveMaxPending()).isEqualTo(2));

        queue.queues().assignUsers(FAIR, new UserShares(Set.of("big"), null, null));
        assertThatThrownBy(() -> enqueue(FAIR, "big"))
                .as("back to the queue's bound, which 3 pending tasks exceed")
                .isInstanceOf(PendingLimitException.class);
        assertThatThrownBy(() -> new UserShares(Set.of("x"), null, null, 0))
                .isInstanceOf(InvalidRequestException.class)
                .hasMessageContaining("maxPending");
    }

    // --- claim filters, on a fair queue and on an ordered one --------------------------------------------------------

    @Test
    void requiredUsersAreTheOnlyOnesServed() {
        for (String lane : List.of(FAIR, "lane")) {
            enqueueMany(lane, "a", 2);
            enqueueMany(lane, "b", 2);
            assertThat(owners(queue.claim(ClaimRequest.of(lane, "w", 10).withUsers(UserFilter.requiring("b")))))
                    .as(lane)
                    .isEqualTo("bb");
            assertThat(queue.claim(ClaimRequest.of(lane, "w", 10).withUsers(UserFilter.requiring("b", "x"))))
                    .as(lane)
                    .isEmpty();
        }
    }

    @Test
    void excludedUsersAreNeverServed() {
        for (String lane : List.of(FAIR, "lane")) {
            enqueueMany(lane, "a", 2);
            enqueueMany(lane, "b", 2);
            assertThat(owners(queue.claim(ClaimRequest.of(lane, "w", 10).withUsers(UserFilter.excluding("a")))))
                    .as(lane)
                    .isEqualTo("bb");
        }
    }

    @Test
    void preferredUsersComeFirstThenTheOthers() {
        for (String lane : List.of(FAIR, "lane")) {
            enqueueMany(lane, "a", 2);
            enqueueMany(lane, "b", 2);
            ClaimRequest preferringB = ClaimRequest.of(lane, "w", 3).withUsers(UserFilter.preferring("b"));
            assertThat(owners(queue.claim(preferringB)))
                    .as(lane)
                    .startsWith("bb")
                    .hasSize(3);
        }
    }

    @Test
    void requiredAndExcludedTogetherAreRefused() {
        assertThatThrownBy(() -> new UserFilter(Set.of("a"), Set.of("b"), List.of()))
                .isInstanceOf(InvalidRequestException.class)
                .hasMessageContaining("users");
    }

    @Test
    void prohibitedUsersGoOnlyToClaimsThatRequireThem() {
        assertThat(queue.queues().prohibitUsers(Set.of("p"))).containsExactly("p");
        queue.queues()
                .define(QueueDefinition.named(FAIR)
                        .withDiscipline(Discipline.FAIR)
                        .withProhibitedUsers(Set.of("q")));
        queue.queues().define(QueueDefinition.named("lane").withProhibitedUsers(Set.of("q")));
        for (String lane : List.of(FAIR, "lane")) {
            enqueue(lane, "p");
            enqueue(lane, "q");
            enqueue(lane, "a");
            assertThat(owners(queue.claim(ClaimRequest.of(lane, "w", 10))))
                    .as(lane)
                    .isEqualTo("a");
            assertThat(owners(queue.claim(ClaimRequest.of(lane, "w", 10).withUsers(UserFilter.preferring("p")))))
                    .as(lane)
                    .isEmpty();
            assertThat(owners(queue.claim(ClaimRequest.of(lane, "w", 10).withUsers(UserFilter.requiring("p", "q")))))
                    .as(lane)
                    .hasSize(2);
        }
        assertThat(queue.queues().prohibitedUsers()).containsExactly("p");
        assertThat(queue.queues().list())
                .filteredOn(q -> q.name().equals(FAIR))
                .singleElement()
                .satisfies(q -> assertThat(q.prohibitedUsers()).containsExactly("q"));
        assertThat(queue.queues().prohibitUsers(Set.of())).isEmpty();
    }

    @Test
    void aClaimTakesOnlyPayloadsUpToItsSize() {
        for (String lane : List.of(FAIR, "lane")) {
            long big = enqueue(lane, "a", "t", "{\"text\":\"" + "x".repeat(200) + "\"}");
            long small = enqueue(lane, "a", "t", "{\"n\":1}");
            assertThat(queue.claim(ClaimRequest.of(lane, "w", 10).withMaxPayloadBytes(50L)))
                    .as(lane)
                    .extracting(LeasedTask::id)
                    .containsExactly(small);
            assertThat(queue.claim(ClaimRequest.of(lane, "w", 10)))
                    .as(lane)
                    .extracting(LeasedTask::id)
                    .containsExactly(big);
        }
        assertThatThrownBy(() -> queue.claim(ClaimRequest.of(FAIR, "w", 1).withMaxPayloadBytes(-1L)))
                .isInstanceOf(InvalidRequestException.class)
                .hasMessageContaining("maxPayloadBytes");
    }

    @Test
    void aClaimByTypePassesOverAUsersOtherTasksWithoutDroppingTheUser() {
        enqueue(FAIR, "a", "x", "{}");
        long wanted = enqueue(FAIR, "a", "y", "{}");
        assertThat(queue.claim(ClaimRequest.of(FAIR, "w", 10).withTypes(Set.of("y"))))
                .extracting(LeasedTask::id)
                .containsExactly(wanted);
        assertThat(owners(queue.claim(ClaimRequest.of(FAIR, "w", 10)))).isEqualTo("a");
    }

    @Test
    void aSuspendedFairQueueOrServerHandsOutNothing() {
        enqueueMany(FAIR, "a", 2);
        queue.queues().suspend(FAIR);
        assertThat(queue.claim(ClaimRequest.of(FAIR, "w", 10))).isEmpty();
        queue.queues().resume(FAIR);
        queue.queues().suspendAll();
        assertThat(queue.claim(ClaimRequest.of(FAIR, "w", 10))).isEmpty();
        queue.queues().resumeAll();
        assertThat(queue.claim(ClaimRequest.of(FAIR, "w", 10))).hasSize(2);
    }
}
