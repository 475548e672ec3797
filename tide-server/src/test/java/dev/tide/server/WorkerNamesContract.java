package dev.tide.server;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tide.api.Ack;
import dev.tide.api.ClaimRequest;
import dev.tide.api.LeasedTask;
import dev.tide.api.NewTask;
import dev.tide.api.Outcome;
import dev.tide.api.TaskState;
import dev.tide.api.auth.Role;
import dev.tide.client.TideClient;
import dev.tide.core.Tide;
import dev.tide.core.TideConfig;
import dev.tide.core.contract.FixtureFactory;
import dev.tide.core.contract.QueueFixture;
import dev.tide.core.testing.TestUsers;
import dev.tide.core.time.ManualClock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A worker name belongs to the account that claimed under it: over HTTP, two worker accounts (carol, dave) list,
 * resume and release only the leases they claimed, another account's name answers word for word as a name nobody
 * used and changes nothing, and an administrator sees every lease of a name. Each backend's subclass gives the engines.
 */
abstract class WorkerNamesContract {
    private static final Duration MINUTE = Duration.ofMinutes(1);

    private QueueFixture engines;
    private Tide engine;
    private TideServer server;
    private TideClient carol;
    private TideClient dave;
    private RawHttp asCarol;
    private RawHttp asAdmin;

    protected abstract FixtureFactory engines();

    @BeforeEach
    void open() {
        engines = engines()
                .open(
                        new ManualClock(Instant.parse("2030-01-07T09:00:00Z")),
                        TideConfig.defaults().withMaintenanceInterval(null));
        engine = engines.engine();
        server = TideServer.builder(engine).port(0).build().start();
        carol = client(TestUsers.token(engine.accounts(), "carol", Role.WORKER));
        dave = client(TestUsers.token(engine.accounts(), "dave", Role.WORKER));
        asCarol = new RawHttp(server.uri(), TestUsers.token(engine.accounts(), "carol", Role.WORKER));
        asAdmin = new RawHttp(server.uri(), TestUsers.adminToken(engine.accounts()));
    }

    @AfterEach
    void close() {
        asCarol.close();
        asAdmin.close();
        carol.close();
        dave.close();
        server.stop();
        engines.close();
    }

    private TideClient client(String token) {
        return TideClient.builder(server.uri()).token(token).build();
    }

    private LeasedTask claimAs(TideClient account, String worker) {
        engine.enqueue(NewTask.of("t", 1));
        List<LeasedTask> claimed =
                account.claim(ClaimRequest.of("default", worker, 1).withLease(MINUTE));
        assertThat(claimed).hasSize(1);
        return claimed.get(0);
    }

    @Test
    void anotherAccountsWorkerNameAnswersAsANameNobodyUsedAndChangesNothing() {
        LeasedTask daves = claimAs(dave, "dave-1");
        List<LeasedTask> before = engine.leases("dave-1");

        for (String[] call : List.of(
                new String[] {"GET", "leases", null},
                new String[] {"POST", "resume", "{\"leaseDuration\":\"PT10M\"}"},
                new String[] {"POST", "resume", null},
                new String[] {"POST", "release", null})) {
            RawHttp.Answer others = asCarol.send(call[0], "v1/workers/dave-1/" + call[1], call[2]);
            RawHttp.Answer nobodys = asCarol.send(call[0], "v1/workers/nobody-1/" + call[1], call[2]);
            assertThat(others.status()).as(others.toString()).isEqualTo(200).isEqualTo(nobodys.status());
            assertThat(others.text()).as(call[1]).isEqualTo(nobodys.text());
        }
        assertThat(carol.leases("dave-1")).isEmpty();
        assertThat(carol.resumeLeases("dave-1", null)).isEmpty();
        assertThat(carol.releaseLeases("dave-1")).isZero();
        assertThat(engine.leases("dave-1")).as("nothing changed").isEqualTo(before);

        // dave's lease is still his to keep and to end
        assertThat(dave.leases("dave-1")).extracting(LeasedTask::id).containsExactly(daves.id());
        assertThat(dave.heartbeat(daves.lease(), null).token())
                .isEqualTo(daves.lease().token());
        assertThat(dave.ack(Ack.builder(daves.lease()).succeed()).accepted()).isTrue();
        assertThat(engine.task(daves.id()).outcome()).isEqualTo(Outcome.SUCCEEDED);
    }

    @Test
    void oneNameUsedByTwoAccountsIsTwoWorkers() {
        LeasedTask carols = claimAs(carol, "shared-1");
        LeasedTask daves = claimAs(dave, "shared-1");
        LeasedTask embedded = claimEmbedded("shared-1");

        assertThat(carol.leases("shared-1")).extracting(LeasedTask::id).containsExactly(carols.id());
        assertThat(dave.leases("shared-1")).extracting(LeasedTask::id).containsExactly(daves.id());
        assertThat(asAdmin.get("v1/workers/shared-1/leases").json().path("tasks"))
                .as("an administrator sees every lease of the name, the embedded one too")
                .hasSize(3);

        List<LeasedTask> resumed = dave.resumeLeases("shared-1", null);
        assertThat(resumed).extracting(LeasedTask::id).containsExactly(daves.id());
        assertThat(resumed.get(0).lease().token()).isNotEqualTo(daves.lease().token());
        assertThat(carol.heartbeat(carols.lease(), null).token())
                .as("carol's token untouched")
                .isEqualTo(carols.lease().token());

        assertThat(carol.releaseLeases("shared-1")).isEqualTo(1);
        assertThat(engine.task(carols.id()).state()).isNotEqualTo(TaskState.LEASED);
        assertThat(engine.task(daves.id()).state()).isEqualTo(TaskState.LEASED);
        assertThat(engine.task(embedded.id()).state()).isEqualTo(TaskState.LEASED);
        assertThat(asAdmin.post("v1/workers/shared-1/release", null)
                        .json()
                        .path("released")
                        .asInt())
                .isEqualTo(2);
    }

    private LeasedTask claimEmbedded(String worker) {
        engine.enqueue(NewTask.of("t", 1));
        return engine.claim(ClaimRequest.of("default", worker, 1)).get(0);
    }

    @Test
    void everyClaimPathRecordsItsAccount() {
        TideClient erin = client(TestUsers.token(engine.accounts(), "erin", Role.SUBMITTER, Role.WORKER));
        try (erin) {
            long chosen = engine.enqueue(NewTask.of("t", 1)).id();
            LeasedTask byId = erin.claimTask(chosen, "erin-1", MINUTE).orElseThrow();
            LeasedTask ranAtOnce =
                    erin.enqueueAndClaim(NewTask.of("t", 2), "erin-1", MINUTE).leased();
            assertThat(ranAtOnce).isNotNull();

            assertThat(erin.leases("erin-1")).extracting(LeasedTask::id).containsExactly(byId.id(), ranAtOnce.id());
            assertThat(dave.leases("erin-1")).isEmpty();
            assertThat(dave.releaseLeases("erin-1")).isZero();
            assertThat(erin.releaseLeases("erin-1")).isEqualTo(2);
        }
    }
}
