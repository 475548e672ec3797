package dev.tide.core;

import dev.tide.core.auth.AccountBook;
import dev.tide.core.cycle.CycleScheduler;
import dev.tide.core.engine.BlobPayloads;
import dev.tide.core.engine.LoadSignals;
import dev.tide.core.engine.ServiceGroup;
import dev.tide.core.processor.ProcessorHost;
import dev.tide.core.store.Store;
import io.micrometer.core.instrument.MeterRegistry;
import java.time.InstantSource;

/**
 * An engine's collaborators as {@link TideAssembly} built them, for {@link Tide}'s constructor to keep.
 *
 * @param config the settings with the node name filled in
 * @param ownedClock closed after the services, before the store; null when the clock is the caller's
 * @param folderLock closed last; null when there is none
 */
record TideParts(
        Store store,
        InstantSource clock,
        TideConfig config,
        ReadyNotices notices,
        MeterRegistry meters,
        LoadSignals load,
        CycleScheduler cycles,
        AccountBook accounts,
        Producing producing,
        Claiming claiming,
        Acknowledging acknowledging,
        Inspecting inspecting,
        TypeDefinitions typeDefinitions,
        EmbeddedQueues queues,
        EmbeddedProfiles profiles,
        EmbeddedSchedules schedules,
        EmbeddedProcessors processors,
        EmbeddedMonitoring monitoring,
        EmbeddedIntake intake,
        EmbeddedBulkActions bulk,
        BackgroundPasses passes,
        ProcessorHost processorHost,
        BlobPayloads blobs,
        WorkerPools pools,
        ServiceGroup services,
        AutoCloseable ownedClock,
        AutoCloseable folderLock) {}
