package dev.tide.core;

import dev.tide.api.InvalidRequestException;
import dev.tide.api.QueueDefinition;
import dev.tide.api.QueueInfo;
import dev.tide.api.QueueUser;
import dev.tide.api.Queues;
import dev.tide.api.ServedTasks;
import dev.tide.api.StatusReport;
import dev.tide.api.TaskType;
import dev.tide.api.TideEvent;
import dev.tide.api.UserShares;
import dev.tide.core.engine.AdminLog;
import dev.tide.core.engine.Inputs;
import dev.tide.core.store.Catalog;
import java.time.Instant;
import java.time.InstantSource;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;
import java.util.function.Supplier;
import java.util.stream.Collectors;

/**
 * {@link Queues} in this process: each change is checked, stored, recorded in the event log, and wakes the claims
 * waiting on the queues it may have opened.
 */
final class EmbeddedQueues implements Queues {
    private final Catalog store;
    private final InstantSource clock;
    private final AdminLog admin;
    private final Runnable reorderSoon;
    private final Consumer<Set<String>> wake;
    private final Supplier<StatusReport> status;

    /**
     * @param reorderSoon asks maintenance for a pass now, to reorder the tasks of a queue whose discipline changed
     * @param wake signals the claims waiting on these queues, on every node
     * @param status the report that suspending or resuming the server answers with
     */
    EmbeddedQueues(
            Catalog store,
            InstantSource clock,
            AdminLog admin,
            Runnable reorderSoon,
            Consumer<Set<String>> wake,
            Supplier<StatusReport> status) {
        this.store = store;
        this.clock = clock;
        this.admin = admin;
        this.reorderSoon = reorderSoon;
        this.wake = wake;
        this.status = status;
    }

    @Override
    public QueueInfo define(QueueDefinition definition) {
        if (definition == null) {
            throw new InvalidRequestException("queue", "is required");
        }
        definition.prohibitedUsers().forEach(u -> Inputs.text("prohibitedUsers", u));
        QueueInfo defined = store.queueDefine(definition, clock.instant());
        if (defined.reordering()) {
            reorderSoon.run();
        }
        wake.accept(Set.of(defined.name()));
        admin.record(TideEvent.QUEUE_DEFINED, null, null, defined.name(), Map.of("definition", definition));
        return defined;
    }

    @Override
    public List<QueueInfo> list() {
        return store.queueList();
    }

    @Override
    public QueueInfo suspend(String name) {
        QueueInfo suspended = store.queueSuspend(TaskType.requireName("queue", name), true, clock.instant());
        admin.record(TideEvent.SUSPENDED, suspended.name());
        return suspended;
    }

    @Override
    public QueueInfo resume(String name) {
        QueueInfo resumed = store.queueSuspend(TaskType.requireName("queue", name), false, clock.instant());
        wake.accept(Set.of(resumed.name()));
        admin.record(TideEvent.RESUMED, resumed.name());
        return resumed;
    }

    @Override
    public StatusReport suspendAll() {
        store.serverSuspend(true, clock.instant());
        admin.record(TideEvent.SUSPENDED, null);
        return status.get();
    }

    @Override
    public StatusReport resumeAll() {
        store.serverSuspend(false, clock.instant());
        admin.record(TideEvent.RESUMED, null);
        StatusReport now = status.get();
        wake.accept(now.queues().stream().map(StatusReport.QueueDepth::queue).collect(Collectors.toSet()));
        return now;
    }

    @Override
    public List<QueueUser> assignUsers(String queue, UserShares shares) {
        String name = TaskType.requireName("queue", queue);
        if (shares == null) {
            throw new InvalidRequestException("shares", "is required");
        }
        shares.users().forEach(u -> Inputs.text("users", u));
        List<QueueUser> assigned = store.userAssign(name, shares);
        wake.accept(Set.of(name));
        admin.record(TideEvent.USERS_ASSIGNED, null, null, name, Map.of("shares", shares));
        return assigned;
    }

    @Override
    public List<QueueUser> adjustUsers(String queue, UserShares shares) {
        String name = TaskType.requireName("queue", queue);
        if (shares == null) {
            throw new InvalidRequestException("shares", "is required");
        }
        if (shares.empty()) {
            throw new InvalidRequestException("shares", "give allocation, concurrency or maxPending to change");
        }
        shares.users().forEach(u -> Inputs.text("users", u));
        List<QueueUser> adjusted = store.userAdjust(name, shares);
        wake.accept(Set.of(name));
        admin.record(TideEvent.USERS_ADJUSTED, null, null, name, Map.of("shares", shares));
        return adjusted;
    }

    @Override
    public List<QueueUser> users(String queue) {
        return store.userList(TaskType.requireName("queue", queue));
    }

    @Override
    public ServedTasks served(String queue) {
        String name = TaskType.requireName("queue", queue);
        Instant now = clock.instant();
        return store.userServed(name, now.minus(ServedTasks.WINDOW), now, ServedTasks.LIMIT);
    }

    @Override
    public Set<String> prohibitUsers(Set<String> users) {
        Set<String> named = users == null ? Set.of() : users;
        named.forEach(u -> Inputs.text("users", u));
        Set<String> prohibited = store.prohibitedReplace(named);
        admin.record(TideEvent.USERS_PROHIBITED, null, null, null, Map.of("users", prohibited));
        return prohibited;
    }

    @Override
    public Set<String> prohibitedUsers() {
        return store.prohibitedList();
    }
}
