package dev.tide.core.engine;

import dev.tide.core.blob.BlobKeys;
import dev.tide.core.blob.BlobStore;
import dev.tide.core.settings.BlobSettings;
import dev.tide.core.store.TaskBlobs;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A maintenance chore: deletes the blobs no task refers to, once they are older than the grace period. Orphans come
 * from crashes: between a blob's write and its row's insert, or between a row's change (pruned, succeeded) and its
 * blob's deletion. The sweep walks the store's keys oldest first (keys sort by the time they were made, see
 * {@link BlobKeys}), asks the database which of each page are still referred to, deletes the rest, and stops at the
 * first key inside the grace period. Keys Tide did not make are left alone.
 *
 * <p>Runs on the maintenance leader at most every {@link BlobSettings#sweepInterval()}; its cost is one listing of the
 * store's older keys and one indexed lookup per page of them.
 */
public final class OrphanSweep {
    private static final Logger log = LoggerFactory.getLogger(OrphanSweep.class);
    static final int PAGE = 1000;

    private final BlobStore blobs;
    private final TaskBlobs store;
    private final BlobSettings settings;
    private Instant lastRun;

    public OrphanSweep(BlobStore blobs, TaskBlobs store, BlobSettings settings) {
        this.blobs = blobs;
        this.store = store;
        this.settings = settings;
    }

    /** Sweeps if the interval has passed since the last sweep (the first pass always sweeps). */
    public synchronized void runIfDue(Instant now) {
        if (lastRun != null && now.isBefore(lastRun.plus(settings.sweepInterval()))) {
            return;
        }
        try {
            run(now);
        } catch (RuntimeException e) {
            log.warn("the blob orphan sweep failed; it runs again at the next interval", e);
        }
    }

    /** Sweeps now; answers how many orphans it deleted. */
    public synchronized int run(Instant now) {
        lastRun = now;
        Instant cutoff = now.minus(settings.orphanGrace());
        int deleted = 0;
        String after = null;
        while (true) {
            List<String> page = blobs.list(after, PAGE);
            List<String> old = new ArrayList<>(page.size());
            boolean reachedGrace = false;
            for (String key : page) {
                Instant made = BlobKeys.madeAt(key);
                if (made == null) {
                    continue;
                }
                if (!made.isBefore(cutoff)) {
                    reachedGrace = true;
                    break;
                }
                old.add(key);
            }
            Set<String> referenced = store.taskBlobReferenced(old);
            for (String key : old) {
                if (!referenced.contains(key)) {
                    blobs.delete(key);
                    deleted++;
                }
            }
            if (reachedGrace || page.size() < PAGE) {
                break;
            }
            after = page.get(page.size() - 1);
        }
        if (deleted > 0) {
            log.info("deleted {} orphaned blobs from {}", deleted, blobs);
        }
        return deleted;
    }
}
