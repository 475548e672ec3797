package dev.tide.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tide.api.BulkAction;
import dev.tide.api.BulkInfo;
import dev.tide.api.BulkMatch;
import dev.tide.api.BulkRequest;
import dev.tide.api.BulkState;
import dev.tide.api.NewTask;
import dev.tide.api.NotFoundException;
import dev.tide.api.Outcome;
import dev.tide.api.TaskQuery;
import dev.tide.api.TaskState;
import dev.tide.api.TideException;
import dev.tide.api.auth.Role;
import dev.tide.client.TideClient;
import dev.tide.core.Tide;
import dev.tide.core.TideConfig;
import dev.tide.core.contract.FixtureFactory;
import dev.tide.core.contract.QueueFixture;
import dev.tide.core.testing.TestUsers;
import dev.tide.core.time.ManualClock;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Bulk actions through the server and {@code TideClient} for confined callers: a submitter's bulk action reaches its
 * own tasks only, whatever its filter or ids say; another user's bulk action answers as a missing one; parking is for
 * administrators; workers read. Run over loopback HTTP on each store.
 */
abstract class BulkTenancyContract {
    private QueueFixture fixture;
    private Tide engine;
    private TideServer server;
    private TideClient admin;
    private TideClient alice;
    private TideClient bob;
    private TideClient carol;
    private RawHttp aliceRaw;
    private List<Long> alices;
    private List<Long> bobs;

    protected abstract FixtureFactory factory();

    @BeforeEach
    void open() {
        fixture = factory()
                .open(
                        new ManualClock(Instant.parse("2030-01-07T09:00:00Z")),
                        TideConfig.defaults().withMaintenanceInterval(null));
        engine = fixture.engine();
        server = TideServer.builder(engine).port(0).build().start();
        admin = client(TestUsers.adminToken(engine.accounts()));
        String aliceToken = TestUsers.token(engine.accounts(), "alice", Role.SUBMITTER);
        alice = client(aliceToken);
        bob = client(TestUsers.token(engine.accounts(), "bob", Role.SUBMITTER));
        carol = client(TestUsers.token(engine.accounts(), "carol", Role.WORKER));
        aliceRaw = new RawHttp(server.uri(), aliceToken);
        alices = enqueue("alice", 3);
        bobs = enqueue("bob", 2);
    }

    private TideClient client(String token) {
        return TideClient.builder(server.uri()).token(token).build();
    }

    private List<Long> enqueue(String owner, int count) {
        return java.util.stream.IntStream.range(0, count)
                .mapToObj(i -> engine.enqueue(
                                NewTask.builder("email").owner(owner).build())
                        .id())
                .toList();
    }

    @AfterEach
    void close() {
        aliceRaw.close();
        for (TideClient client : List.of(admin, alice, bob, carol)) {
            client.close();
        }
        server.stop();
        fixture.close();
    }

    private BulkInfo runToEnd(TideClient as, BulkInfo started) {
        engine.passes().runBulkActions();
        return as.bulk().get(started.id());
    }

    @Test
    void aSubmittersBulkCancelOfAllTasksTouchesOnlyItsOwn() {
        BulkMatch match = alice.bulk().match(TaskQuery.all());
        assertThat(match.count()).as("alice counts her own").isEqualTo(3);

        BulkInfo started = alice.bulk().start(BulkRequest.matching(BulkAction.CANCEL, TaskQuery.all(), match));
        assertThat(started.owner()).isEqualTo("alice");
        assertThat(started.actor()).contains("alice");
        BulkInfo done = runToEnd(alice, started);

        assertThat(done.state()).isEqualTo(BulkState.DONE);
        assertThat(done.changed()).isEqualTo(3);
        for (long id : alices) {
            assertThat(engine.task(id).outcome()).isEqualTo(Outcome.CANCELLED);
        }
        for (long id : bobs) {
            assertThat(engine.task(id).state()).as("bob's").isEqualTo(TaskState.READY);
        }
        assertThat(admin.bulk()
                        .match(TaskQuery.all().withState(TaskState.READY))
                        .count())
                .isEqualTo(2);
    }

    @Test
    void anotherUsersBulkActionAnswersAsAMissingOne() {
        BulkInfo bobs = bob.bulk().start(BulkRequest.ids(BulkAction.CANCEL, this.bobs));
        long missing = bobs.id() + 1_000;

        RawHttp.Answer foreign = aliceRaw.get("v1/bulk-actions/" + bobs.id());
        RawHttp.Answer absent = aliceRaw.get("v1/bulk-actions/" + missing);
        assertThat(foreign.status()).isEqualTo(404);
        assertThat(foreign.text()).isEqualTo(absent.text().replace(String.valueOf(missing), String.valueOf(bobs.id())));
        assertThatThrownBy(() -> alice.bulk().cancel(bobs.id())).isInstanceOf(NotFoundException.class);
        assertThat(alice.bulk().recent(10)).isEmpty();
        assertThat(bob.bulk().recent(10)).extracting(BulkInfo::id).containsExactly(bobs.id());
        assertThat(admin.bulk().get(bobs.id()).state())
                .as("not cancelled by alice")
                .isEqualTo(BulkState.RUNNING);
    }

    @Test
    void anotherUsersTaskIdsAreRefusedAsMissingOnesAndNeverTouched() {
        assertThatThrownBy(() -> alice.bulk().start(BulkRequest.ids(BulkAction.CANCEL, List.of(bobs.get(0)))))
                .isInstanceOfSatisfying(
                        TideException.class, e -> assertThat(e.httpStatus()).isEqualTo(400))
                .hasMessageContaining("taskIds");
        assertThatThrownBy(() -> alice.bulk().match(TaskQuery.all().withOwner("bob")))
                .isInstanceOfSatisfying(
                        TideException.class, e -> assertThat(e.httpStatus()).isEqualTo(403));

        engine.passes().runBulkActions();
        assertThat(admin.bulk().recent(10)).isEmpty();
        assertThat(engine.task(bobs.get(0)).state()).isEqualTo(TaskState.READY);
    }

    @Test
    void badRequestsAnswer400NamingTheFieldAndWriteNothing() {
        String upTo = ",\"upToTaskId\":" + alices.get(2);
        for (String[] request : new String[][] {
            {"{\"action\":\"cancel\"}", "filter"},
            {"{\"action\":\"cancel\",\"filter\":{},\"taskIds\":[" + alices.get(0) + "]" + upTo + "}", "taskIds"},
            {"{\"action\":\"cancel\",\"filter\":{}}", "upToTaskId"},
            {"{\"action\":\"retry\",\"filter\":{},\"reason\":\"x\"" + upTo + "}", "reason"},
            {"{\"action\":\"delete\",\"filter\":{}" + upTo + "}", "action"},
            {"{\"filter\":{}" + upTo + "}", "action"}
        }) {
            RawHttp.Answer answer = aliceRaw.post("v1/bulk-actions", request[0]);
            assertThat(answer.status()).as(request[0]).isEqualTo(400);
            assertThat(answer.json().path("field").asText()).as(request[0]).isEqualTo(request[1]);
        }
        assertThat(admin.bulk().recent(10)).isEmpty();
    }

    @Test
    void parkingIsForAdministratorsAndWorkersOnlyRead() {
        assertThatThrownBy(() -> alice.bulk().start(BulkRequest.ids(BulkAction.PARK, alices)))
                .isInstanceOfSatisfying(
                        TideException.class, e -> assertThat(e.httpStatus()).isEqualTo(403));
        assertThatThrownBy(() -> carol.bulk().start(BulkRequest.ids(BulkAction.CANCEL, alices)))
                .isInstanceOfSatisfying(
                        TideException.class, e -> assertThat(e.httpStatus()).isEqualTo(403));
        assertThat(admin.bulk().recent(10)).isEmpty();

        BulkInfo parked = runToEnd(admin, admin.bulk().start(BulkRequest.ids(BulkAction.PARK, alices)));
        assertThat(parked.changed()).isEqualTo(3);
        assertThat(carol.bulk().get(parked.id())).isEqualTo(parked);
        assertThat(carol.bulk()
                        .match(TaskQuery.all().withState(TaskState.PARKED))
                        .count())
                .isEqualTo(3);
        assertThat(carol.bulk().recent(10)).containsExactly(parked);
    }
}
