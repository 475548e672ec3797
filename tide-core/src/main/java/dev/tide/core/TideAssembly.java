package dev.tide.core;

import dev.tide.api.CoalescingCheck;
import dev.tide.core.auth.AccountBook;
import dev.tide.core.blob.BlobStore;
import dev.tide.core.cycle.CycleScheduler;
import dev.tide.core.engine.AckResolver;
import dev.tide.core.engine.AdminLog;
import dev.tide.core.engine.BlobPayloads;
import dev.tide.core.engine.BlobPlacement;
import dev.tide.core.engine.BulkRunner;
import dev.tide.core.engine.DeadlineMonitor;
import dev.tide.core.engine.DeadlineSettings;
import dev.tide.core.engine.Digest;
import dev.tide.core.engine.JobNotices;
import dev.tide.core.engine.KnownTypes;
import dev.tide.core.engine.LoadSignals;
import dev.tide.core.engine.Maintenance;
import dev.tide.core.engine.NodeHeartbeat;
import dev.tide.core.engine.OrphanSweep;
import dev.tide.core.engine.ProfileSessions;
import dev.tide.core.engine.RaceDraws;
import dev.tide.core.engine.RecordPruning;
import dev.tide.core.engine.Schedules;
import dev.tide.core.engine.ServiceGroup;
import dev.tide.core.engine.TaskResolver;
import dev.tide.core.engine.TypeRegistry;
import dev.tide.core.processor.ProcessorActivity;
import dev.tide.core.processor.ProcessorBook;
import dev.tide.core.processor.ProcessorHost;
import dev.tide.core.store.Store;
import java.time.InstantSource;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;

/**
 * Builds an engine's collaborators from its settings and an open store, each after those it takes, and opens the
 * engine over them. The engine's constructor only keeps what it is given. The two services that work through the
 * engine's own queue (the processor host's pools and the cycle scheduler) reach it through a reference that is set once
 * the engine is built, and the background services start only then: nothing sees an engine still being built.
 *
 * @param ownedClock closed by the engine before the store (null when the clock is the caller's)
 * @param folderLock closed by the engine after the store (null when there is none)
 * @param blobStore where large payloads go (may be null), closed with the store
 */
record TideAssembly(
        InstantSource clock,
        AutoCloseable ownedClock,
        TideConfig config,
        boolean migrate,
        boolean listIndexes,
        AutoCloseable folderLock,
        RaceDraws draws,
        DeadlineSettings deadlineSettings,
        Map<String, CoalescingCheck> coalescingChecks,
        BlobStore blobStore) {

    /**
     * Takes over an open store (closing it, the owned clock and the blob store if this fails) and the relay its job-end
     * hook calls; answers the engine with its background services started when maintenance is on.
     */
    Tide open(Store store, HookRelay relay) {
        try {
            EngineReference engine = new EngineReference();
            TideParts parts = assemble(store, relay, engine);
            Tide tide = new Tide(parts);
            engine.set(tide);
            if (parts.config().maintenanceInterval() != null) {
                parts.services().start(parts.config().maintenanceInterval());
            }
            return tide;
        } catch (RuntimeException e) {
            Tide.closeQuietly(ownedClock);
            store.close();
            Tide.closeQuietly(blobStore);
            throw e;
        }
    }

    private TideParts assemble(Store store, HookRelay relay, EngineReference engine) {
        TideConfig effective = config.nodeName() != null
                ? config
                : config.withNodeName(
                        store.info().multiNode() ? NodeNames.ofThisProcess() : TideConfig.EMBEDDED_NODE_NAME);
        if (migrate) {
            store.schemaMigrate();
        }
        if (listIndexes) {
            store.createListIndexes();
        }
        LoadSignals load = new LoadSignals(store.profiles(), clock);
        ProfileSessions sessions = new ProfileSessions(clock);
        TypeRegistry types = new TypeRegistry(store.catalog(), effective.taskDefaults());
        types.reload();
        KnownTypes knownTypes = new KnownTypes(store.catalog(), store.schedules(), store.processors(), clock);
        if (blobStore != null) {
            blobStore.check();
        }
        BlobPayloads blobs = new BlobPayloads(blobStore, store.blobs(), store.reads());
        BlobPlacement placement = blobStore == null
                ? BlobPlacement.NONE
                : BlobPlacement.of(blobStore.name(), effective.blobs(), effective.payloadCapBytes());
        TaskResolver resolver =
                new TaskResolver(types, effective.payloadCapBytes(), placement, draws, coalescingChecks);
        AckResolver acks = new AckResolver(types, resolver, effective.payloadCapBytes());
        relay.target = new JobNotices(types, resolver, clock);
        ReadyNotices notices = new ReadyNotices(store.coordination());
        Maintenance maintenance = new Maintenance(
                store.housekeeping(),
                store.settlements(),
                store.coordination(),
                clock,
                acks,
                types,
                effective.retention(),
                draws,
                notices::afterSettle,
                blobs);
        DeadlineMonitor deadlines = new DeadlineMonitor(
                store.deadlines(), store.coordination(), clock, types, resolver, deadlineSettings, notices::wake);
        Schedules schedules = new Schedules(store.schedules(), store.coordination(), clock, resolver, notices::wake);
        CycleScheduler cycles =
                new CycleScheduler(new TideCycleEngine(engine, store, sessions, clock, effective.nodeName()));
        AdminLog admin = new AdminLog(store.reporting(), clock);
        AccountBook accounts = new AccountBook(store.accounts(), clock, admin);
        Digest digest = new Digest(store.reporting(), effective.stats(), resolver, effective.nodeName(), notices::wake);
        maintenance.alsoRun(new RecordPruning(store.housekeeping(), effective.stats())::run);
        maintenance.alsoRun(digest::runOnce);
        maintenance.alsoRun(accounts::prune);
        OrphanSweep sweep = blobStore == null ? null : new OrphanSweep(blobStore, store.blobs(), effective.blobs());
        if (sweep != null) {
            maintenance.alsoRun(sweep::runIfDue);
        }
        ProcessorBook processorBook = new ProcessorBook(store.processors(), effective.pollInterval());
        ProcessorActivity processorActivity = new ProcessorActivity();
        ProcessorHost processorHost = new ProcessorHost(
                engine, store.processors(), clock, effective.nodeName(), processorBook, processorActivity);
        EmbeddedProcessors processors =
                new EmbeddedProcessors(store.processors(), store.claims(), clock, processorBook, changed -> {
                    processorHost.nudge();
                    notices.wake(Set.of(changed.queue()));
                });
        NodeHeartbeat heartbeat = new NodeHeartbeat(
                store.nodes(),
                clock,
                effective.nodeName(),
                TideVersion.current(),
                NodeNames::hostName,
                effective.nodes());
        maintenance.alsoRun(heartbeat::prune);
        EmbeddedMonitoring monitoring = new EmbeddedMonitoring(
                store.reporting(), store.catalog(), knownTypes, new NodeRoster(store.nodes(), processors::list, clock));
        EmbeddedQueues queues = new EmbeddedQueues(
                store.catalog(), clock, admin, maintenance::nudge, notices::wake, monitoring::status);
        EmbeddedProfiles profiles = new EmbeddedProfiles(store.profiles(), clock, load);
        EmbeddedIntake intake = new EmbeddedIntake(store.intake(), clock, admin);
        TaskMeters taskMeters = new TaskMeters(deadlineSettings.meters());
        JobTypes jobTypes = new JobTypes(store.reads());
        Acknowledging acknowledging = new Acknowledging(
                store.claims(),
                store.settlements(),
                store.reads(),
                jobTypes,
                clock,
                types,
                acks,
                blobs,
                taskMeters,
                notices);
        Claiming claiming = new Claiming(
                store.claims(),
                store.reads(),
                clock,
                effective,
                knownTypes,
                notices.signal(),
                load,
                sessions,
                processorBook,
                processorActivity,
                taskMeters,
                blobs,
                acknowledging);
        Producing producing = new Producing(
                store.inserts(),
                jobTypes,
                clock,
                effective,
                types,
                knownTypes,
                resolver,
                blobs,
                taskMeters,
                notices,
                load,
                claiming);
        Inspecting inspecting =
                new Inspecting(store.reads(), store.settlements(), clock, effective, admin, blobs, notices);
        TypeDefinitions typeDefinitions = new TypeDefinitions(store.catalog(), clock, types, admin);
        BulkRunner bulkRunner = new BulkRunner(store.bulk(), clock, effective.nodeName(), admin, notices::afterSettle);
        EmbeddedBulkActions bulk = new EmbeddedBulkActions(store.bulk(), clock, admin, bulkRunner);
        BackgroundPasses passes =
                new BackgroundPasses(maintenance, deadlines, schedules, digest, sweep, bulkRunner, heartbeat, clock);
        WorkerPools pools = new WorkerPools();
        // Started in this order and stopped in reverse. The processor host starts last and stops first: its pools claim
        // through the engine, and their handlers finish (or are released) through it. The deadline monitor and
        // schedules stop before maintenance, which gives up leadership when it stops: they must not win it back. The
        // node's heartbeat starts first and stops last: the node is marked stopped once everything else has.
        ServiceGroup services = new ServiceGroup(
                List.of(heartbeat, maintenance, deadlines, schedules, bulkRunner, pools, cycles, processorHost));
        return new TideParts(
                store,
                clock,
                effective,
                notices,
                deadlineSettings.meters(),
                load,
                cycles,
                accounts,
                producing,
                claiming,
                acknowledging,
                inspecting,
                typeDefinitions,
                queues,
                profiles,
                new EmbeddedSchedules(schedules),
                processors,
                monitoring,
                intake,
                bulk,
                passes,
                processorHost,
                blobs,
                pools,
                services,
                ownedClock,
                folderLock);
    }

    /** The engine, for the services built before it that work through it; reading it before it is built fails. */
    private static final class EngineReference implements Supplier<Tide> {
        private volatile Tide tide;

        void set(Tide built) {
            this.tide = built;
        }

        @Override
        public Tide get() {
            Tide built = tide;
            if (built == null) {
                throw new IllegalStateException("the engine is still being built");
            }
            return built;
        }
    }
}
