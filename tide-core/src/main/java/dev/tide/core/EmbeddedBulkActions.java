package dev.tide.core;

import dev.tide.api.Actor;
import dev.tide.api.BulkActions;
import dev.tide.api.BulkInfo;
import dev.tide.api.BulkMatch;
import dev.tide.api.BulkRequest;
import dev.tide.api.BulkState;
import dev.tide.api.InvalidRequestException;
import dev.tide.api.NotFoundException;
import dev.tide.api.TaskQuery;
import dev.tide.api.TideEvent;
import dev.tide.core.engine.AdminLog;
import dev.tide.core.engine.BulkRunner;
import dev.tide.core.engine.Inputs;
import dev.tide.core.store.BulkStore;
import java.time.InstantSource;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * {@link BulkActions} in this process: checks a request completely, chooses its tasks in one transaction, and leaves
 * the batches to the {@link BulkRunner} of whichever node takes it.
 *
 * <p>Each operation also comes with an {@code owner}: what a server passes for a caller confined to its own tasks (a
 * submitter). Such a bulk action chooses only that user's tasks, whatever its filter or ids say, and records the
 * owner; another owner's bulk action answers as a missing one. The plain operations pass null: everyone's.
 */
public final class EmbeddedBulkActions implements BulkActions {
    private final BulkStore store;
    private final InstantSource clock;
    private final AdminLog admin;
    private final BulkRunner runner;

    EmbeddedBulkActions(BulkStore store, InstantSource clock, AdminLog admin, BulkRunner runner) {
        this.store = store;
        this.clock = clock;
        this.admin = admin;
        this.runner = runner;
    }

    @Override
    public BulkMatch match(TaskQuery filter) {
        return match(filter, null);
    }

    @Override
    public BulkInfo start(BulkRequest request) {
        return start(request, null);
    }

    @Override
    public BulkInfo get(long id) {
        return get(id, null);
    }

    @Override
    public List<BulkInfo> recent(int limit) {
        return recent(limit, null);
    }

    @Override
    public BulkInfo cancel(long id) {
        return cancel(id, null);
    }

    /** As {@link #match(TaskQuery)}, counting only {@code owner}'s tasks when given. */
    public BulkMatch match(TaskQuery filter, @Nullable String owner) {
        if (filter == null) {
            throw new InvalidRequestException("filter", "is required");
        }
        return store.bulkMatch(filter, owner);
    }

    /** As {@link #start(BulkRequest)}, choosing only {@code owner}'s tasks when given, and recording the owner. */
    public BulkInfo start(BulkRequest request, @Nullable String owner) {
        if (request == null) {
            throw new InvalidRequestException("request", "is required");
        }
        BulkRequest checked = request.reason() == null ? request : request.withReason(Inputs.message(request.reason()));
        BulkInfo started = store.bulkCreate(checked, Actor.current(), owner, clock.instant());
        Map<String, Object> detail = BulkRunner.counts(started);
        if (checked.filter() != null) {
            detail.put("filter", checked.filter());
            detail.put("upToTaskId", checked.upToTaskId());
        } else {
            detail.put("taskIds", checked.taskIds().size());
        }
        admin.record(
                TideEvent.BULK_STARTED,
                null,
                null,
                checked.filter() == null ? null : checked.filter().queue(),
                detail);
        runner.nudge();
        return started;
    }

    /** As {@link #get(long)}; another owner's bulk action is missing. */
    public BulkInfo get(long id, @Nullable String owner) {
        return store.bulkGet(id)
                .filter(info -> owner == null || Objects.equals(owner, info.owner()))
                .orElseThrow(() -> new NotFoundException("bulk action " + id));
    }

    /** As {@link #recent(int)}, of {@code owner} only when given. */
    public List<BulkInfo> recent(int limit, @Nullable String owner) {
        if (limit < 1 || limit > MAX_RECENT) {
            throw new InvalidRequestException("limit", "must be between 1 and " + MAX_RECENT);
        }
        return store.bulkRecent(owner, limit);
    }

    /** As {@link #cancel(long)}; another owner's bulk action is missing. */
    public BulkInfo cancel(long id, @Nullable String owner) {
        BulkInfo info = get(id, owner);
        if (info.state() != BulkState.RUNNING) {
            return info;
        }
        return store.bulkStop(id, BulkState.CANCELLED, null, clock.instant())
                .map(cancelled -> {
                    admin.record(TideEvent.BULK_CANCELLED, null, null, null, BulkRunner.counts(cancelled));
                    return cancelled;
                })
                .orElseGet(() -> get(id, owner));
    }
}
