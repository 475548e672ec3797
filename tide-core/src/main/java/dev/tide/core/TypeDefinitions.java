package dev.tide.core;

import dev.tide.api.InputRanges;
import dev.tide.api.InvalidRequestException;
import dev.tide.api.JobType;
import dev.tide.api.TaskType;
import dev.tide.api.TideEvent;
import dev.tide.core.engine.AdminLog;
import dev.tide.core.engine.TypeRanges;
import dev.tide.core.engine.TypeRegistry;
import dev.tide.core.store.Catalog;
import java.time.InstantSource;
import java.util.List;

/**
 * Task and job types in this process: a definition is checked against today's {@link InputRanges}, stored, recorded in
 * the event log as an administrator's act, and read back into this node's registry, which every enqueue resolves
 * defaults from.
 */
final class TypeDefinitions {
    private final Catalog catalog;
    private final InstantSource clock;
    private final TypeRegistry types;
    private final AdminLog admin;

    TypeDefinitions(Catalog catalog, InstantSource clock, TypeRegistry types, AdminLog admin) {
        this.catalog = catalog;
        this.clock = clock;
        this.types = types;
        this.admin = admin;
    }

    TaskType defineTaskType(TaskType type) {
        if (type == null) {
            throw new InvalidRequestException("type", "is required");
        }
        TypeRanges.check("", type.defaults());
        catalog.taskTypeUpsert(type, clock.instant());
        types.reload();
        admin.record(TideEvent.TASK_TYPE_DEFINED, null, null, null, Inspecting.detail("definition", type));
        return type;
    }

    List<TaskType> taskTypes() {
        return types.taskTypes();
    }

    JobType defineJobType(JobType type) {
        if (type == null) {
            throw new InvalidRequestException("type", "is required");
        }
        InputRanges.DEFAULT_DURATION.check("defaultDuration", type.defaultDuration());
        TypeRanges.check("taskDefaults.", type.taskDefaults());
        catalog.jobTypeUpsert(type, clock.instant());
        types.reload();
        admin.record(TideEvent.JOB_TYPE_DEFINED, null, null, null, Inspecting.detail("definition", type));
        return type;
    }

    List<JobType> jobTypes() {
        return types.jobTypes();
    }
}
