package dev.tide.core.engine;

import dev.tide.api.Actor;
import dev.tide.api.BulkActions;
import dev.tide.api.BulkInfo;
import dev.tide.api.BulkState;
import dev.tide.api.TideEvent;
import dev.tide.core.store.BulkStore;
import dev.tide.core.store.SettleBatch;
import dev.tide.core.store.StoreException;
import java.time.Duration;
import java.time.Instant;
import java.time.InstantSource;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Works through running bulk actions on a thread of its own, one batch (one transaction) after another, on every node.
 * A node takes a bulk action with a lease ({@link #LEASE}) that each batch extends: two nodes never work one bulk
 * action at once, and when its node dies another takes it over once the lease has run out (or the same node, restarted
 * under its name, at once). Each batch is a transaction that begins by checking that the bulk action still runs and
 * is still this node's, so a cancel stops it before the next batch and nothing is done twice.
 *
 * <p>A batch that fails on the database is tried again on the next pass; any other error ends the bulk action as
 * failed with its message, since trying again would meet it again.
 */
public final class BulkRunner implements BackgroundService {
    /** How long a node holds a bulk action without finishing a batch before another node may take it over. */
    public static final Duration LEASE = Duration.ofMinutes(1);

    private static final Logger log = LoggerFactory.getLogger(BulkRunner.class);

    private final BulkStore store;
    private final InstantSource clock;
    private final String node;
    private final AdminLog admin;
    private final Consumer<SettleBatch> onBatch;
    private volatile boolean closing;
    private PassThread thread;

    /** @param onBatch told each batch's ready queues and finished jobs, to wake claims and call job listeners */
    public BulkRunner(
            BulkStore store, InstantSource clock, String node, AdminLog admin, Consumer<SettleBatch> onBatch) {
        this.store = store;
        this.clock = clock;
        this.node = node;
        this.admin = admin;
        this.onBatch = onBatch;
    }

    @Override
    public String name() {
        return "bulk actions";
    }

    @Override
    public void start(Duration interval) {
        closing = false;
        thread = new PassThread("tide-bulk-actions", () -> pass(interval), interval.toMillis());
        thread.start();
    }

    /** Wakes the thread: a bulk action has started. */
    public void nudge() {
        PassThread running = thread;
        if (running != null) {
            running.nudge();
        }
    }

    private long pass(Duration interval) {
        runAll();
        return interval.toMillis();
    }

    /** Runs every bulk action this node can take to its end; answers how many batches it ran. */
    public int runAll() {
        int batches = 0;
        Optional<Long> taken;
        while (!closing && (taken = take()).isPresent()) {
            long id = taken.get();
            Ran ran;
            do {
                ran = runBatch(id);
                if (ran == Ran.MORE || ran == Ran.LAST) {
                    batches++;
                }
            } while (ran == Ran.MORE && !closing);
            if (ran == Ran.RETRY) {
                break; // the database failed: the next pass tries again, rather than this one at once
            }
        }
        return batches;
    }

    /** Runs one batch of one bulk action this node can take; answers whether one ran. */
    public boolean runOneBatch() {
        return take().map(id -> {
                    Ran ran = runBatch(id);
                    return ran == Ran.MORE || ran == Ran.LAST;
                })
                .orElse(false);
    }

    private Optional<Long> take() {
        if (!store.bulkAnyRunning()) {
            return Optional.empty(); // an idle pass is one read, no write transaction
        }
        Instant now = clock.instant();
        return store.bulkTake(node, now, now.plus(LEASE));
    }

    /** What {@link #runBatch} did. */
    private enum Ran {
        /** No batch: the bulk action is no longer running or no longer this node's, or it failed for good. */
        NONE,
        /** No batch: the database failed, and the next pass tries again. */
        RETRY,
        /** A batch, and more remain. */
        MORE,
        /** The batch that ended it. */
        LAST
    }

    private Ran runBatch(long id) {
        Instant now = clock.instant();
        BulkStore.BulkBatch batch;
        try {
            batch = store.bulkBatch(id, node, BulkActions.BATCH_SIZE, now, now.plus(LEASE));
        } catch (StoreException e) {
            log.warn("bulk action {}: a batch failed and is tried again on the next pass: {}", id, e.toString());
            return Ran.RETRY;
        } catch (RuntimeException e) {
            log.warn("bulk action {} failed", id, e);
            store.bulkStop(id, BulkState.FAILED, String.valueOf(e.getMessage()), now)
                    .ifPresent(this::recordEnd);
            return Ran.NONE;
        }
        if (!batch.readyQueues().isEmpty() || !batch.finishedJobs().isEmpty()) {
            onBatch.accept(new SettleBatch(List.of(), batch.finishedJobs(), batch.readyQueues(), null));
        }
        if (!batch.ran()) {
            return Ran.NONE;
        }
        if (batch.info().state() == BulkState.DONE) {
            recordEnd(batch.info());
            return Ran.LAST;
        }
        return Ran.MORE;
    }

    /** The end in the event log, under the name of who started it. */
    @SuppressWarnings("try") // the Actor.Scope names who acts inside it; never read
    private void recordEnd(BulkInfo info) {
        try (Actor.Scope as = Actor.enter(info.actor())) {
            admin.record(TideEvent.BULK_ENDED, null, null, null, counts(info));
        }
    }

    /** A bulk action's counts, for the event log. */
    public static Map<String, Object> counts(BulkInfo info) {
        Map<String, Object> detail = new LinkedHashMap<>();
        detail.put("bulkId", info.id());
        detail.put("action", info.action().wireName());
        detail.put("state", info.state().wireName());
        detail.put("owner", info.owner());
        detail.put("matched", info.matched());
        detail.put("processed", info.processed());
        detail.put("changed", info.changed());
        detail.put("skipped", info.skipped());
        if (info.message() != null) {
            detail.put("message", info.message());
        }
        return detail;
    }

    @Override
    public void close() {
        closing = true;
        if (thread != null) {
            thread.close();
            thread = null;
        }
    }
}
