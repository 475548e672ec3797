package dev.tide.core.engine;

import dev.tide.core.store.Coordination;
import dev.tide.core.store.Expired;
import dev.tide.core.store.ExpiredLease;
import dev.tide.core.store.Housekeeping;
import dev.tide.core.store.SettleBatch;
import dev.tide.core.store.Settlement;
import dev.tide.core.store.TaskPruned;
import dev.tide.core.store.TaskSettlements;
import java.time.Duration;
import java.time.Instant;
import java.time.InstantSource;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;
import java.util.function.IntSupplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The chores one node does for all: promote scheduled tasks whose time has come, end waiting tasks past their expiry,
 * move the tasks of jobs past their deadline to their queues' late lanes, reclaim expired leases, give the waiting tasks of a queue whose discipline changed their place in the new order,
 * prune what retention allows (and delete the pruned tasks' blobs). Only the leader does them (always this node on SQLite; on PostgreSQL the holder of an
 * advisory lock), each in bounded batches so no pass holds a long transaction.
 *
 * <p>The thread sleeps until the next scheduled task is due or the interval passes, whichever is sooner, so a delayed
 * task starts on time without a busy poll.
 */
public final class Maintenance implements BackgroundService {
    private static final Logger log = LoggerFactory.getLogger(Maintenance.class);
    private static final int BATCH = 1000;
    private static final int MAX_BATCHES_PER_PASS = 50;

    /**
     * How long after a change of discipline re-keying keeps looking for tasks keyed the old way: an enqueue that read
     * the old discipline just before the change committed may commit just after it.
     */
    static final Duration REKEY_GRACE = Duration.ofSeconds(10);
    /** How far back a pass looks for fair-queue users deactivated by a claim that raced an enqueue. */
    static final Duration FAIR_WAKE_LOOKBACK = Duration.ofMinutes(1);

    private final Housekeeping housekeeping;
    private final TaskSettlements settling;
    private final Coordination coordination;
    private final InstantSource clock;
    private final AckResolver acks;
    private final TypeRegistry types;
    private final Duration retention;
    private final RaceDraws draws;
    private final Consumer<SettleBatch> onSettled;
    private final BlobPayloads blobs;
    private final List<Consumer<Instant>> chores = new CopyOnWriteArrayList<>();
    private PassThread thread;
    private volatile boolean leader;

    public Maintenance(
            Housekeeping housekeeping,
            TaskSettlements settling,
            Coordination coordination,
            InstantSource clock,
            AckResolver acks,
            TypeRegistry types,
            Duration retention,
            RaceDraws draws,
            Consumer<SettleBatch> onSettled,
            BlobPayloads blobs) {
        this.housekeeping = housekeeping;
        this.settling = settling;
        this.coordination = coordination;
        this.clock = clock;
        this.acks = acks;
        this.types = types;
        this.retention = retention;
        this.draws = draws;
        this.onSettled = onSettled;
        this.blobs = blobs;
    }

    @Override
    public String name() {
        return "maintenance";
    }

    @Override
    public void start(Duration interval) {
        thread = new PassThread("tide-maintenance", () -> pass(interval), interval.toMillis());
        thread.start();
    }

    /** Whether this node did the chores on its last pass. */
    public boolean isLeader() {
        return leader;
    }

    /** One pass of every chore, if this node is the leader; returns whether it was. */
    public boolean runOnce() {
        leader = coordination.leaderTryAcquire();
        if (!leader) {
            return false;
        }
        Instant now = clock.instant();
        promote(now);
        expire(now);
        moveLateJobs(now);
        reclaim(now);
        rekey(now);
        wakeFairUsers(now);
        prune(now);
        for (Consumer<Instant> chore : chores) {
            chore.accept(now);
        }
        return true;
    }

    /** Adds a chore the leader runs at the end of each pass, with the pass's time. */
    public void alsoRun(Consumer<Instant> chore) {
        chores.add(chore);
    }

    private void promote(Instant now) {
        for (int i = 0; i < MAX_BATCHES_PER_PASS; i++) {
            var queues = housekeeping.taskPromoteDue(now, BATCH);
            if (queues.isEmpty()) {
                return;
            }
            onSettled.accept(new SettleBatch(List.of(), List.of(), queues, null));
        }
    }

    private void expire(Instant now) {
        int expired = inBatches(() -> {
            Expired batch = housekeeping.taskExpireDue(now, BATCH);
            if (batch.count() > 0) {
                onSettled.accept(batch.effects());
            }
            return batch.count();
        });
        if (expired > 0) {
            log.info("{} waiting tasks expired", expired);
        }
    }

    private void moveLateJobs(Instant now) {
        int moved = inBatches(() -> housekeeping.jobLateMove(now, BATCH));
        if (moved > 0) {
            log.info("{} tasks of late jobs moved to their queues' late lanes", moved);
        }
    }

    private void reclaim(Instant now) {
        int reclaimed = inBatches(() -> {
            List<ExpiredLease> expired = housekeeping.taskLeaseExpired(now, BATCH);
            if (!expired.isEmpty()) {
                List<Settlement> settlements = expired.stream()
                        .map(e -> acks.reclaim(e, "lease expired", now))
                        .toList();
                onSettled.accept(settling.taskSettleMany(settlements, now));
            }
            return expired.size();
        });
        if (reclaimed > 0) {
            log.info("reclaimed {} expired leases", reclaimed);
        }
    }

    /** Runs a chore batch after batch while whole batches come back, at most a pass's worth; answers the total. */
    private static int inBatches(IntSupplier batch) {
        int total = 0;
        for (int i = 0; i < MAX_BATCHES_PER_PASS; i++) {
            int n = batch.getAsInt();
            total += n;
            if (n < BATCH) {
                break;
            }
        }
        return total;
    }

    /** Wakes fair-queue users left asleep by an enqueue that raced the claim deactivating them. */
    private void wakeFairUsers(Instant now) {
        int woken = housekeeping.fairUsersWake(now.minus(FAIR_WAKE_LOOKBACK));
        if (woken > 0) {
            log.debug("woke {} fair-queue users with ready tasks", woken);
        }
    }

    private void rekey(Instant now) {
        Instant settledBefore = now.minus(REKEY_GRACE);
        for (int i = 0;
                i < MAX_BATCHES_PER_PASS && housekeeping.taskRekey(BATCH, settledBefore, draws::next) > 0;
                i++) {
            // keep going while there is work
        }
    }

    private void prune(Instant now) {
        if (retention == null) {
            return;
        }
        Instant cutoff = now.minus(retention);
        inBatches(() -> {
            TaskPruned pruned = housekeeping.taskPrune(cutoff, BATCH);
            // After the commit: a crash before this leaves orphans for the sweep, never a row without its blob.
            blobs.delete(pruned.blobKeys());
            return pruned.count();
        });
        inBatches(() -> housekeeping.jobPrune(cutoff, BATCH));
    }

    /** Wakes the thread for an early pass (a task was scheduled sooner than it planned to look). */
    public void nudge() {
        if (thread != null) {
            thread.nudge();
        }
    }

    /** One pass of the thread; answers how long to sleep: until the next scheduled task is due, at most the interval. */
    private long pass(Duration interval) {
        types.refreshIfStale();
        runOnce();
        return PassThread.millisUntil(clock, housekeeping.taskNextRunAt(), interval);
    }

    @Override
    public void close() {
        if (thread != null) {
            thread.close();
        }
        if (leader) {
            coordination.leaderRelease();
            leader = false;
        }
    }
}
