package dev.tide.core.store.jdbc;

import dev.tide.api.ConflictException;
import dev.tide.api.EnqueueResult;
import dev.tide.api.Outcome;
import dev.tide.api.TaskInfo;
import dev.tide.api.TaskState;
import dev.tide.api.auth.Owners;
import dev.tide.api.json.Json;
import dev.tide.core.store.TaskRow;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Tasks that wait on others. A new task with dependencies goes in {@code blocked}; its unmet dependencies are counted
 * in {@code blockers}, and one row per dependency in {@code tide_task_dependencies} finds it again. When a task a
 * dependent waits on ends, the dependent is released (one blocker fewer; ready or scheduled at none) if it succeeded,
 * or if the dependent runs anyway; else it ends cancelled, and so, in turn, do the tasks waiting on it.
 */
final class Dependents {
    private Dependents() {}

    /**
     * Links newly inserted tasks to the tasks they depend on, in the insert's transaction. Unknown ids are refused, and
     * so is a dependency that has already ended without succeeding unless the task runs anyway.
     *
     * @param results the insert's answer, in row order: the ids of the rows, and of the tasks that matched an
     *     idempotency key instead
     * @param ready receives the queues of tasks whose dependencies were all met already
     * @return the linked tasks as they now stand (blocked, or free to run), by their row's position
     */
    static Map<Integer, TaskInfo> link(
            Tx tx, List<TaskRow> rows, List<EnqueueResult> results, Instant now, Set<String> ready)
            throws SQLException {
        Map<Integer, List<Long>> dependenciesOf = new LinkedHashMap<>();
        Map<Long, String> dependedOn = new LinkedHashMap<>(); // each id, and the first field that names it
        for (int i = 0; i < rows.size(); i++) {
            TaskRow.Dependencies deps = rows.get(i).dependencies();
            if (deps.isEmpty() || !results.get(i).created()) {
                continue;
            }
            Set<Long> ids = new LinkedHashSet<>(deps.taskIds());
            for (long id : deps.taskIds()) {
                dependedOn.putIfAbsent(id, deps.field());
            }
            for (int row : deps.rows()) {
                ids.add(results.get(row).id());
            }
            dependenciesOf.put(i, List.copyOf(ids));
        }
        if (dependenciesOf.isEmpty()) {
            return Map.of();
        }
        Map<Integer, TaskInfo> linked = new HashMap<>();
        Set<Long> all = new LinkedHashSet<>(dependedOn.keySet());
        dependenciesOf.values().forEach(all::addAll);
        Map<Long, Outcome> ended = markDependedOn(tx, dependedOn, all);
        List<Long> edgeFrom = new ArrayList<>();
        List<Long> edgeTo = new ArrayList<>();
        List<Long> linkedIds = new ArrayList<>();
        List<Long> blockersOf = new ArrayList<>();
        List<String> dependsOn = new ArrayList<>();
        Map<Long, Integer> rowOf = new HashMap<>();
        for (Map.Entry<Integer, List<Long>> e : dependenciesOf.entrySet()) {
            TaskRow row = rows.get(e.getKey());
            long taskId = results.get(e.getKey()).id();
            long blockers = 0;
            for (long dependency : e.getValue()) {
                Outcome outcome = ended.get(dependency);
                if (outcome == null) {
                    blockers++;
                    edgeFrom.add(dependency);
                    edgeTo.add(taskId);
                } else if (outcome != Outcome.SUCCEEDED && !row.dependencies().runAnyway()) {
                    throw new ConflictException("dependsOn: task " + dependency + " has already ended "
                            + outcome.wireName() + "; give onDependencyFailure 'run' to run anyway");
                }
            }
            linkedIds.add(taskId);
            blockersOf.add(blockers);
            dependsOn.add(Json.write(e.getValue()));
            rowOf.put(taskId, e.getKey());
        }
        // one statement for all the insert's dependents, however many
        try (ResultSet rs = tx.prepare("task_dependencies_set")
                .setLongs("ids", linkedIds)
                .setLongs("blockers", blockersOf)
                .setTexts("depends_on", dependsOn)
                .set("now", now)
                .query()) {
            while (rs.next()) {
                TaskInfo task = Rows.task(rs);
                linked.put(rowOf.get(task.id()), task);
                if (task.state() == TaskState.READY) {
                    ready.add(task.queue());
                }
            }
        }
        if (!edgeFrom.isEmpty()) {
            tx.prepare("task_dependencies_add")
                    .setLongs("depends_on", edgeFrom)
                    .setLongs("task_ids", edgeTo)
                    .update();
        }
        return linked;
    }

    /**
     * Marks the tasks as depended on and answers how those that have ended, ended. On PostgreSQL the mark locks each
     * row: a task ending concurrently has either ended before (and is answered here) or ends after this transaction,
     * when its settlement sees the mark and finds the new dependents.
     */
    private static Map<Long, Outcome> markDependedOn(Tx tx, Map<Long, String> named, Set<Long> ids)
            throws SQLException {
        Map<Long, Outcome> ended = new HashMap<>();
        Set<Long> found = new LinkedHashSet<>();
        try (ResultSet rs =
                tx.prepare("task_dependencies_mark").setLongs("ids", ids).query()) {
            while (rs.next()) {
                long id = rs.getLong("id");
                found.add(id);
                String outcome = rs.getString("outcome");
                if (outcome != null) {
                    ended.put(id, Outcome.parse(outcome));
                }
            }
        }
        for (long id : ids) {
            if (!found.contains(id)) {
                throw Owners.noSuchTask(named.getOrDefault(id, "dependsOn"), id);
            }
        }
        return ended;
    }

    /**
     * After tasks with dependents ended, in the same transaction: releases or cancels their dependents, and the
     * dependents of those it cancels, until none is left.
     *
     * @param ended the tasks that ended, by outcome
     * @param jobs receives the cancelled dependents' job counts
     * @param ready receives the queues of dependents that became ready
     */
    static void afterEnded(Tx tx, Map<Outcome, List<Long>> ended, Instant now, JobDeltas jobs, Set<String> ready)
            throws SQLException {
        Map<Outcome, List<Long>> round = ended;
        while (!round.isEmpty()) {
            Map<Outcome, List<Long>> next = new LinkedHashMap<>();
            for (Map.Entry<Outcome, List<Long>> e : round.entrySet()) {
                boolean failed = e.getKey() != Outcome.SUCCEEDED;
                release(tx, e.getValue(), failed, now, ready);
                if (failed) {
                    List<Long> cancelled = cancel(tx, e.getValue(), e.getKey(), now, jobs);
                    if (!cancelled.isEmpty()) {
                        next.computeIfAbsent(Outcome.CANCELLED, k -> new ArrayList<>())
                                .addAll(cancelled);
                    }
                }
            }
            round = next;
        }
    }

    private static void release(Tx tx, List<Long> ids, boolean failed, Instant now, Set<String> ready)
            throws SQLException {
        try (ResultSet rs = tx.prepare("task_dependents_release")
                .set("now", now)
                .setLongs("ids", ids)
                .set("failed", failed ? 1L : 0L)
                .query()) {
            while (rs.next()) {
                if (TaskState.parse(rs.getString("state")) == TaskState.READY) {
                    ready.add(rs.getString("queue"));
                }
            }
        }
    }

    /** Cancels the dependents that do not run anyway; answers those of them that have dependents of their own. */
    private static List<Long> cancel(Tx tx, List<Long> ids, Outcome outcome, Instant now, JobDeltas jobs)
            throws SQLException {
        List<Long> withDependents = new ArrayList<>();
        try (ResultSet rs = tx.prepare("task_dependents_cancel")
                .set("now", now)
                .set("outcome", outcome.wireName())
                .setLongs("ids", ids)
                .query()) {
            while (rs.next()) {
                jobs.add(Rows.nullableLong(rs, "job_id"), Outcome.CANCELLED);
                if (rs.getInt("has_dependents") != 0) {
                    withDependents.add(rs.getLong("id"));
                }
            }
        }
        return withDependents;
    }
}
