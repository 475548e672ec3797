package dev.tide.core;

import dev.tide.core.auth.AccountBook;
import dev.tide.core.cycle.CycleScheduler;
import dev.tide.core.engine.BlobPayloads;
import dev.tide.core.engine.DeadlineMonitor;
import dev.tide.core.engine.Digest;
import dev.tide.core.engine.LoadSignals;
import dev.tide.core.engine.Maintenance;
import dev.tide.core.engine.OrphanSweep;
import dev.tide.core.engine.ProfileSessions;
import dev.tide.core.engine.Schedules;
import dev.tide.core.engine.ServiceGroup;
import dev.tide.core.processor.ProcessorHost;
import dev.tide.core.processor.Processors;
import dev.tide.core.store.Store;
import io.micrometer.core.instrument.MeterRegistry;
import java.time.InstantSource;

/**
 * An engine's collaborators as {@link TideAssembly} built them, for {@link Tide}'s constructor to keep.
 *
 * @param config the settings with the node name filled in
 * @param sweep the blob store's orphan sweep; null without a blob store
 * @param ownedClock closed after the services, before the store; null when the clock is the caller's
 * @param folderLock closed last; null when there is none
 */
record TideParts(
        Store store,
        InstantSource clock,
        TideConfig config,
        ReadyNotices notices,
        Maintenance maintenance,
        DeadlineMonitor deadlines,
        Schedules schedules,
        MeterRegistry meters,
        LoadSignals load,
        ProfileSessions sessions,
        CycleScheduler cycles,
        AccountBook accounts,
        Digest digest,
        ProcessorHost processorHost,
        Processors processors,
        Producing producing,
        Claiming claiming,
        Acknowledging acknowledging,
        Inspecting inspecting,
        TypeDefinitions typeDefinitions,
        BackgroundPasses passes,
        EmbeddedQueues queues,
        EmbeddedProfiles profiles,
        EmbeddedMonitoring monitoring,
        EmbeddedIntake intake,
        BlobPayloads blobs,
        OrphanSweep sweep,
        WorkerPools pools,
        ServiceGroup services,
        AutoCloseable ownedClock,
        AutoCloseable folderLock) {}
