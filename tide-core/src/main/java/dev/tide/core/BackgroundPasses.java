package dev.tide.core;

import dev.tide.core.engine.BulkRunner;
import dev.tide.core.engine.DeadlineMonitor;
import dev.tide.core.engine.Digest;
import dev.tide.core.engine.Maintenance;
import dev.tide.core.engine.NodeHeartbeat;
import dev.tide.core.engine.OrphanSweep;
import dev.tide.core.engine.Schedules;
import dev.tide.core.settings.BlobSettings;
import java.time.InstantSource;
import java.util.Optional;

/**
 * One pass of a background service, run now on the caller's thread ({@link Tide#passes()}): for tests, operators and
 * {@code tide cycle}. When maintenance runs, each service's own thread does the same at its interval.
 */
public final class BackgroundPasses {
    private final Maintenance maintenance;
    private final DeadlineMonitor deadlines;
    private final Schedules schedules;
    private final Digest digest;
    private final OrphanSweep sweep;
    private final BulkRunner bulk;
    private final NodeHeartbeat heartbeat;
    private final InstantSource clock;

    /** @param sweep null without a blob store */
    BackgroundPasses(
            Maintenance maintenance,
            DeadlineMonitor deadlines,
            Schedules schedules,
            Digest digest,
            OrphanSweep sweep,
            BulkRunner bulk,
            NodeHeartbeat heartbeat,
            InstantSource clock) {
        this.maintenance = maintenance;
        this.deadlines = deadlines;
        this.schedules = schedules;
        this.digest = digest;
        this.sweep = sweep;
        this.bulk = bulk;
        this.heartbeat = heartbeat;
        this.clock = clock;
    }

    /** Runs one maintenance pass now (promotion, lease reclaim, pruning), if this node leads; returns whether. */
    public boolean runMaintenance() {
        return maintenance.runOnce();
    }

    /** Whether this node did the maintenance chores on its last pass (always, alone on SQLite). */
    public boolean isMaintenanceLeader() {
        return maintenance.isLeader();
    }

    /**
     * Runs one pass of the deadline monitor now, if this node leads maintenance: raises every warning and violation due
     * at the clock's time; returns how many this node raised. The monitor's own thread does this when maintenance runs.
     */
    public int runDeadlineMonitor() {
        return deadlines.runOnce();
    }

    /**
     * Fires every schedule due at the clock's time, if this node leads maintenance; returns how many tasks it enqueued.
     * The schedules' own thread does this when maintenance runs.
     */
    public int runSchedules() {
        return schedules.runOnce();
    }

    /**
     * Fires every due schedule whether or not this node leads: safe on any node at any time, since each firing is
     * claimed by a compare-and-set. Returns how many tasks this call enqueued.
     */
    public int fireDueSchedules() {
        return schedules.fireDue();
    }

    /**
     * Sends the administrators' digest of the periods ended by now, unless a node has (see {@link Digest}); returns its
     * task's id if this call sent it. Maintenance does this on every pass; this is for tests and operators.
     */
    public Optional<Long> runDigest() {
        return digest.runOnce(clock.instant());
    }

    /**
     * Sweeps the blob store for orphans now (maintenance does it every {@link BlobSettings#sweepInterval()}): deletes
     * the blobs older than the grace period that no task refers to; answers how many.
     */
    public int sweepBlobs() {
        return sweep == null ? 0 : sweep.run(clock.instant());
    }

    /**
     * Runs every bulk action this node may take (a running one no live node works on) to its end, a batch at a time;
     * answers how many batches ran. The bulk actions' own thread does this when maintenance runs.
     */
    public int runBulkActions() {
        return bulk.runAll();
    }

    /**
     * Writes this node's record in the nodes registry now, as seen at the clock's time (the first write is the node's
     * start). The heartbeat's own thread does this every {@link dev.tide.core.settings.NodeSettings#heartbeat()} when
     * maintenance runs; the maintenance pass prunes the records of nodes long gone.
     */
    public void recordNode() {
        heartbeat.beat();
    }

    /** Runs one batch of one bulk action this node may take; answers whether one ran. */
    public boolean runBulkActionBatch() {
        return bulk.runOneBatch();
    }
}
