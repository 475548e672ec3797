package dev.tide.core.contract;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tide.api.ClaimRequest;
import dev.tide.api.ConflictException;
import dev.tide.api.EnqueueResult;
import dev.tide.api.EnqueuedAndClaimed;
import dev.tide.api.JobCreated;
import dev.tide.api.LeasedTask;
import dev.tide.api.NewJob;
import dev.tide.api.NewTask;
import dev.tide.api.NotFoundException;
import dev.tide.api.Outcome;
import dev.tide.api.PayloadCorruptException;
import dev.tide.api.PayloadTooLargeException;
import dev.tide.api.PendingLimitException;
import dev.tide.api.QueueDefinition;
import dev.tide.api.TaskBlob;
import dev.tide.api.TaskInfo;
import dev.tide.api.TaskQuery;
import dev.tide.api.TaskState;
import dev.tide.api.TaskType;
import dev.tide.api.json.Json;
import dev.tide.core.Tide;
import dev.tide.core.TideConfig;
import dev.tide.core.TideInternals;
import dev.tide.core.blob.BlobKeys;
import dev.tide.core.blob.BlobStore;
import dev.tide.core.blob.Sha256;
import dev.tide.core.engine.BlobPayloads;
import dev.tide.core.store.TaskPruned;
import dev.tide.core.time.ManualClock;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Large payloads in the blob store, through the engine on every store: written at enqueue, read back and checked on
 * claim and read, never left behind by a refused request, deleted at success (when the type says so), at pruning, and
 * by the orphan sweep after a crash in between.
 */
public abstract class BlobPayloadContract {
    protected static final Instant T0 = Instant.parse("2026-02-02T09:00:00Z");
    /** Rows hold payloads up to 8 KiB; from 1 KiB on they go to the blob store, which takes up to 64 KiB. */
    protected static final TideConfig CONFIG = TideConfig.defaults()
            .withMaintenanceInterval(null)
            .withRetention(Duration.ofDays(1))
            .withPayloadCap(8 * 1024)
            .withBlobThreshold(1024)
            .withBlobPayloadCap(64 * 1024);

    protected ManualClock clock;
    protected Tide tide;
    protected BlobStore blobs;

    /** An engine on a fresh, empty store with a blob store of the subclass's kind, empty too. */
    protected abstract Tide open(ManualClock clock, TideConfig config);

    /** Removes what {@link #open} made, after the engine closed. */
    protected void cleanup() {}

    @BeforeEach
    void openEngine() {
        clock = new ManualClock(T0);
        tide = open(clock, CONFIG);
        blobs = tide.blobStore().orElseThrow();
    }

    @AfterEach
    void closeEngine() {
        tide.close();
        cleanup();
    }

    /** A JSON payload of about {@code bytes} UTF-8 bytes, with characters of every UTF-8 length. */
    protected static String payload(String name, int bytes) {
        String piece = "deposit é 😀 " + name + " ";
        int pieceBytes = utf8(piece).length;
        StringBuilder text = new StringBuilder();
        for (int size = 0; size < bytes; size += pieceBytes) {
            text.append(piece);
        }
        return Json.write(Map.of("name", name, "xml", text.toString()));
    }

    private static byte[] utf8(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }

    private EnqueueResult enqueue(String type, String payload) {
        return tide.enqueue(NewTask.builder(type).payloadJson(payload).build());
    }

    private List<LeasedTask> claim(int limit) {
        return tide.claim(ClaimRequest.of("default", "w", limit));
    }

    private LeasedTask claimOne() {
        List<LeasedTask> claimed = claim(1);
        assertThat(claimed).hasSize(1);
        return claimed.get(0);
    }

    private List<String> storedKeys() {
        return blobs.list(null, 1000);
    }

    // --- the task list's payload search -------------------------------------------------------------------------

    /** A payload kept in the blob store is not searched (its row holds none): the task list's documented rule. */
    @Test
    void thePayloadSearchSkipsPayloadsKeptInTheBlobStore() {
        long inBlob = enqueue("deposit", payload("ann", 20_000)).task().id();
        long inRow =
                enqueue("deposit", Json.write(Map.of("name", "ann"))).task().id();
        assertThat(tide.task(inBlob).blob()).as("kept in the blob store").isNotNull();

        TaskQuery byName = TaskQuery.all().withPayload("name", "ann");
        assertThat(tide.tasks(byName).items()).extracting(TaskInfo::id).containsExactly(inRow);
        assertThat(tide.countTasks(byName).value()).isEqualTo(1);
    }

    // --- round trip ----------------------------------------------------------------------------------------------

    @Test
    void aLargePayloadGoesToTheBlobStoreAndComesBackOnClaimAndRead() {
        String payload = payload("big", 20_000);
        EnqueueResult enqueued = enqueue("deposit", payload);
        assertThat(enqueued.task().payload()).isEqualTo(payload);

        TaskInfo read = tide.task(enqueued.id());
        assertThat(read.payload()).isEqualTo(payload);
        TaskBlob blob = read.blob();
        assertThat(blob.store()).isEqualTo(blobs.name());
        assertThat(blob.bytes()).isEqualTo(utf8(payload).length);
        assertThat(blob.sha256()).isEqualTo(Sha256.hex(utf8(payload)));
        assertThat(blob.deleted()).isFalse();
        assertThat(blobs.get(blob.key())).isEqualTo(utf8(payload));
        assertThat(storedKeys()).containsExactly(blob.key());

        // Lists name the blob and leave its payload out.
        assertThat(tide.tasks(TaskQuery.all()).items()).singleElement().satisfies(t -> {
            assertThat(t.payload()).isNull();
            assertThat(t.blob()).isEqualTo(blob);
        });
        // Claims filter on the payload's real size.
        assertThat(tide.claim(ClaimRequest.of("default", "w", 1).withMaxPayloadBytes(blob.bytes() - 1)))
                .isEmpty();

        LeasedTask claimed = claimOne();
        assertThat(claimed.task().payload()).isEqualTo(payload);
        assertThat(claimed.task().payloadAs(Map.class).get("name")).isEqualTo("big");
        tide.ack(claimed.ack().succeed());
        // A type that does not say otherwise keeps the blob until the task is pruned.
        assertThat(tide.task(enqueued.id()).payload()).isEqualTo(payload);
        assertThat(storedKeys()).containsExactly(blob.key());
    }

    @Test
    void aSmallPayloadStaysInItsRow() {
        EnqueueResult small = enqueue("note", "{\"text\":\"short\"}");
        assertThat(tide.task(small.id()).blob()).isNull();
        assertThat(claimOne().task().payload()).isEqualTo("{\"text\":\"short\"}");
        assertThat(storedKeys()).isEmpty();
    }

    @Test
    void everyWayInTakesLargePayloads() {
        String inJob = payload("in a job", 3000);
        JobCreated job = tide.createJob(NewJob.builder("intake")
                .task(NewTask.builder("deposit").payloadJson(inJob).build())
                .build());
        assertThat(tide.task(job.taskIds().get(0)).payload()).isEqualTo(inJob);

        String runNow = payload("run now", 3000);
        EnqueuedAndClaimed now = tide.enqueueAndClaim(
                NewTask.builder("deposit").queue("now").payloadJson(runNow).build(), "w", null);
        assertThat(now.leased().task().payload()).isEqualTo(runNow);

        String followUp = payload("follow-up", 3000);
        LeasedTask first = claimOne();
        long produced = tide.ack(first.ack()
                        .enqueue(
                                NewTask.builder("deposit").payloadJson(followUp).build())
                        .succeed())
                .enqueued()
                .get(0);
        assertThat(tide.task(produced).payload()).isEqualTo(followUp);
        assertThat(storedKeys()).hasSize(3);
    }

    @Test
    void aPayloadOverTheBlobCapIsRefusedAndLeavesNothing() {
        String tooLarge = payload("too large", 70_000);
        assertThatThrownBy(() -> enqueue("deposit", tooLarge))
                .isInstanceOfSatisfying(
                        PayloadTooLargeException.class,
                        e -> assertThat(e.getMessage()).contains("over the cap of 65536 bytes"));
        assertThat(tide.tasks(TaskQuery.all()).items()).isEmpty();
        assertThat(storedKeys()).isEmpty();
        // Over the row's cap but under the blob cap: taken.
        assertThat(tide.task(enqueue("deposit", payload("fits", 30_000)).id()).blob())
                .isNotNull();
        assertThat(tide.taskPayloadCapBytes()).isEqualTo(64 * 1024);
    }

    // --- integrity -----------------------------------------------------------------------------------------------

    @Test
    void aBlobThatNoLongerMatchesItsChecksumIsNeverServed() {
        long changed = tide.enqueue(NewTask.builder("deposit")
                        .payloadJson(payload("changed", 5000))
                        .maxAttempts(2)
                        .build())
                .id();
        String healthy = payload("healthy", 5000);
        long fine = enqueue("deposit", healthy).id();
        TaskBlob blob = tide.task(changed).blob();
        blobs.put(blob.key(), utf8(payload("tampered", 5000)));

        assertThatThrownBy(() -> tide.task(changed))
                .isInstanceOfSatisfying(
                        PayloadCorruptException.class,
                        e -> assertThat(e.getMessage())
                                .contains("task " + changed, blob.key(), "does not match", blob.sha256()));
        // A claim hands out the healthy task and gives the damaged one back as a failed attempt.
        List<LeasedTask> handed = claim(2);
        assertThat(handed).hasSize(1);
        LeasedTask handedOut = handed.get(0);
        assertThat(handedOut.id()).isEqualTo(fine);
        assertThat(handedOut.task().payload()).isEqualTo(healthy);
        tide.ack(handedOut.ack().succeed());
        TaskInfo afterOne = TideInternals.store(tide).reads().taskGet(changed).orElseThrow();
        assertThat(afterOne.attempts()).isEqualTo(1);
        assertThat(afterOne.state()).isIn(TaskState.READY, TaskState.SCHEDULED);
        assertThat(afterOne.message()).contains("payload not readable", "does not match");
        // Its last attempt fails it for good, as any poison task.
        clock.advance(Duration.ofHours(1));
        tide.passes().runMaintenance();
        assertThat(claim(2)).isEmpty();
        TaskInfo dead = TideInternals.store(tide).reads().taskGet(changed).orElseThrow();
        assertThat(dead.outcome()).isEqualTo(Outcome.FAILED);
        assertThat(dead.attempts()).isEqualTo(2);
    }

    @Test
    void aBlobLostFromTheStoreIsReportedNotReadAsEmpty() {
        long id = enqueue("deposit", payload("lost", 5000)).id();
        TaskBlob blob = tide.task(id).blob();
        blobs.delete(blob.key());
        assertThatThrownBy(() -> tide.task(id))
                .isInstanceOf(PayloadCorruptException.class)
                .hasMessageContaining("missing")
                .hasMessageContaining(blob.key());
    }

    // --- refused requests ----------------------------------------------------------------------------------------

    @Test
    void aRefusedEnqueueLeavesNoBlob() {
        String first = payload("first", 5000);
        tide.enqueue(NewTask.builder("deposit")
                .payloadJson(first)
                .idempotencyKey("k")
                .build());
        assertThat(storedKeys()).hasSize(1);

        // The same key with another payload: a conflict, and the second blob goes.
        assertThatThrownBy(() -> tide.enqueue(NewTask.builder("deposit")
                        .payloadJson(payload("second", 5000))
                        .idempotencyKey("k")
                        .build()))
                .isInstanceOf(ConflictException.class);
        assertThat(storedKeys()).hasSize(1);

        // The same key and payload: the existing task, with its payload; the repeat's blob goes.
        EnqueueResult repeat = tide.enqueue(NewTask.builder("deposit")
                .payloadJson(first)
                .idempotencyKey("k")
                .build());
        assertThat(repeat.created()).isFalse();
        assertThat(repeat.task().payload()).isEqualTo(first);
        assertThat(storedKeys()).hasSize(1);

        // A queue's bound refuses a whole batch: none of its blobs stays.
        tide.queues().define(QueueDefinition.named("bounded").withPendingBounds(1, null, null));
        assertThatThrownBy(() -> tide.enqueueAll(List.of(
                        NewTask.builder("deposit")
                                .queue("bounded")
                                .payloadJson(payload("a", 5000))
                                .build(),
                        NewTask.builder("deposit")
                                .queue("bounded")
                                .payloadJson(payload("b", 5000))
                                .build())))
                .isInstanceOf(PendingLimitException.class);
        assertThat(storedKeys()).hasSize(1);
        assertThat(tide.tasks(TaskQuery.all()).items()).hasSize(1);
    }

    @Test
    void followUpsOfAnAcknowledgementThatLostItsLeaseLeaveNoBlob() {
        enqueue("deposit", "{}");
        LeasedTask held = claimOne();
        tide.ack(held.ack().succeed());
        assertThat(tide.ackAll(List.of(held.ack()
                                .enqueue(NewTask.builder("deposit")
                                        .payloadJson(payload("orphan", 5000))
                                        .build())
                                .succeed()))
                        .get(0)
                        .accepted())
                .isFalse();
        assertThat(storedKeys()).isEmpty();
    }

    // --- deletion ------------------------------------------------------------------------------------------------

    @Test
    void aTypeThatDeletesBlobsOnCompletionDeletesThemWhenItsTasksSucceed() {
        tide.defineTaskType(TaskType.named("once").withDeleteBlobOnCompletion(true));
        long succeeds = enqueue("once", payload("succeeds", 5000)).id();
        long fails = enqueue("once", payload("fails", 5000)).id();
        String failsKey = tide.task(fails).blob().key();

        clock.advance(Duration.ofMinutes(3));
        tide.ack(claimOne().ack().succeed());
        TaskInfo done = tide.task(succeeds);
        assertThat(done.payload()).isNull();
        assertThat(done.blob().deleted()).isTrue();
        assertThat(done.blob().deletedAt()).isEqualTo(clock.instant());
        assertThat(storedKeys()).containsExactly(failsKey);

        // A failed task keeps its blob: retried, it runs with its payload.
        LeasedTask failing = claimOne();
        tide.ack(failing.ack().message("no").fail());
        assertThat(storedKeys()).containsExactly(failsKey);
        tide.retry(fails);
        assertThat(claimOne().task().payload()).isEqualTo(payload("fails", 5000));
    }

    @Test
    void pruningATaskDeletesItsBlob() {
        long finished = enqueue("deposit", payload("finished", 5000)).id();
        tide.ack(claimOne().ack().succeed());
        long waiting = enqueue("deposit", payload("waiting", 5000)).id();
        String waitingKey = tide.task(waiting).blob().key();

        clock.advance(Duration.ofDays(2));
        tide.passes().runMaintenance();
        assertThatThrownBy(() -> tide.task(finished)).isInstanceOf(NotFoundException.class);
        assertThat(storedKeys()).containsExactly(waitingKey);
        assertThat(tide.task(waiting).payload()).isEqualTo(payload("waiting", 5000));
    }

    @Test
    void orphansLeftByCrashesAreSweptOnceThePeriodOfGraceIsOver() {
        long pruned = enqueue("deposit", payload("pruned", 5000)).id();
        String prunedKey = tide.task(pruned).blob().key();
        tide.ack(claimOne().ack().succeed());
        String waiting = payload("waiting", 5000);
        long stays = enqueue("deposit", waiting).id();
        clock.advance(Duration.ofDays(2));

        // A crash between a prune's commit and its blob's deletion: the store's prune ran, the engine's delete did not.
        TaskPruned crashed = TideInternals.store(tide)
                .housekeeping()
                .taskPrune(clock.instant().minus(CONFIG.retention()), 1000);
        assertThat(crashed.blobKeys()).containsExactly(prunedKey);
        // A crash between a blob's write and its row's insert, two days ago.
        String unborn = BlobKeys.next(clock.instant().minus(Duration.ofDays(2)));
        blobs.put(unborn, utf8("{}"));
        // A fresh blob whose insert may still be on its way, and something Tide did not write.
        String fresh = BlobKeys.next(clock.instant());
        blobs.put(fresh, utf8("{}"));
        blobs.put("notes/readme.txt", utf8("kept by someone else"));

        assertThat(tide.passes().sweepBlobs()).isEqualTo(2);
        assertThat(storedKeys())
                .containsExactlyInAnyOrder(tide.task(stays).blob().key(), fresh, "notes/readme.txt");
        // Older than the grace period, but its task refers to it.
        assertThat(tide.task(stays).payload()).isEqualTo(waiting);

        // Maintenance sweeps too, at its interval.
        clock.advance(Duration.ofDays(2));
        tide.passes().runMaintenance();
        assertThat(storedKeys())
                .containsExactlyInAnyOrder(tide.task(stays).blob().key(), "notes/readme.txt");
    }

    @Test
    void aTaskReadJustBeforeItsBlobWentReadsAsGoneNotBroken() {
        tide.defineTaskType(TaskType.named("once").withDeleteBlobOnCompletion(true));
        long id = enqueue("once", payload("gone", 5000)).id();
        // A reader got the row while the blob was there, and fetches the blob after it went.
        TaskInfo readBefore = TideInternals.store(tide).reads().taskGet(id).orElseThrow();
        tide.ack(claimOne().ack().succeed());
        TaskInfo read = new BlobPayloads(
                        blobs,
                        TideInternals.store(tide).blobs(),
                        TideInternals.store(tide).reads())
                .read(readBefore);
        assertThat(read.payload()).isNull();
        assertThat(read.blob().deleted()).isTrue();
        assertThat(read.outcome()).isEqualTo(Outcome.SUCCEEDED);
    }
}
