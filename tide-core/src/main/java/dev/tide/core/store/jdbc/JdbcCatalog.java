package dev.tide.core.store.jdbc;

import dev.tide.api.JobType;
import dev.tide.api.QueueDefinition;
import dev.tide.api.QueueInfo;
import dev.tide.api.QueueUser;
import dev.tide.api.ServedTasks;
import dev.tide.api.TaskType;
import dev.tide.api.UserShares;
import dev.tide.api.json.Json;
import dev.tide.core.store.Catalog;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * Task and job types, the types workers named, queues and their users' shares.
 */
public final class JdbcCatalog implements Catalog {
    private final Database db;

    JdbcCatalog(Database db) {
        this.db = db;
    }

    @Override
    public void taskTypeUpsert(TaskType type, Instant now) {
        db.write(tx -> tx.prepare("task_type_upsert")
                .set("name", type.name())
                .set("definition", Json.write(type))
                .set("now", now)
                .update());
    }

    @Override
    public List<TaskType> taskTypeList() {
        return db.read(tx -> definitions(tx, "task_type_list", TaskType.class));
    }

    @Override
    public void namedTypeAdd(Collection<String> types, Instant now) {
        db.write(tx -> {
            for (String type : types) {
                tx.prepare("named_type_add").set("type", type).set("now", now).update();
            }
            return null;
        });
    }

    @Override
    public Set<String> namedTypeList() {
        return db.read(tx -> {
            Set<String> named = new HashSet<>();
            try (ResultSet rs = tx.prepare("named_type_list").query()) {
                while (rs.next()) {
                    named.add(rs.getString("type"));
                }
            }
            return named;
        });
    }

    @Override
    public Map<String, Long> taskUnnamedTypeCounts() {
        return db.read(tx -> {
            Map<String, Long> counts = new TreeMap<>();
            try (ResultSet rs = tx.prepare("status_unnamed_types").query()) {
                while (rs.next()) {
                    counts.put(rs.getString("type"), rs.getLong("n"));
                }
            }
            return counts;
        });
    }

    @Override
    public void jobTypeUpsert(JobType type, Instant now) {
        db.write(tx -> tx.prepare("job_type_upsert")
                .set("name", type.name())
                .set("definition", Json.write(type))
                .set("now", now)
                .update());
    }

    @Override
    public List<JobType> jobTypeList() {
        return db.read(tx -> definitions(tx, "job_type_list", JobType.class));
    }

    private static <T> List<T> definitions(Tx tx, String statement, Class<T> type) throws SQLException {
        List<T> out = new ArrayList<>();
        try (ResultSet rs = tx.prepare(statement).query()) {
            while (rs.next()) {
                out.add(Json.read(rs.getString("definition"), type));
            }
        }
        return out;
    }

    @Override
    public QueueInfo queueDefine(QueueDefinition definition, Instant now) {
        return db.write(tx -> QueueSettings.define(tx, definition, now));
    }

    @Override
    public List<QueueInfo> queueList() {
        return db.read(QueueSettings::list);
    }

    @Override
    public QueueInfo queueSuspend(String name, boolean suspended, Instant now) {
        return db.write(tx -> QueueSettings.suspend(tx, name, suspended, now));
    }

    @Override
    public void serverSuspend(boolean suspended, Instant now) {
        db.write(tx -> QueueSettings.suspend(tx, QueueSettings.SERVER, suspended, now));
    }

    @Override
    public List<QueueUser> userAssign(String queue, UserShares shares) {
        return db.write(tx -> QueueSettings.assign(tx, queue, shares, false));
    }

    @Override
    public List<QueueUser> userAdjust(String queue, UserShares shares) {
        return db.write(tx -> QueueSettings.assign(tx, queue, shares, true));
    }

    @Override
    public List<QueueUser> userList(String queue) {
        return db.read(tx -> QueueSettings.users(tx, queue));
    }

    @Override
    public ServedTasks userServed(String queue, Instant since, Instant now, int limit) {
        return db.read(tx -> {
            List<ServedTasks.UserServed> users = new ArrayList<>();
            long counted = 0;
            long firstEnd = Long.MAX_VALUE;
            try (ResultSet rs = tx.prepare("user_served")
                    .set("queue", queue)
                    .set("since", since)
                    .set("now", now)
                    .set("limit", (long) limit)
                    .query()) {
                while (rs.next()) {
                    users.add(new ServedTasks.UserServed(rs.getString("owner"), rs.getLong("tasks")));
                    counted += rs.getLong("tasks");
                    firstEnd = Math.min(firstEnd, rs.getLong("first_end"));
                }
            }
            boolean partial = counted >= limit;
            return new ServedTasks(queue, partial ? Instant.ofEpochMilli(firstEnd) : since, now, partial, users);
        });
    }

    @Override
    public Set<String> prohibitedReplace(Set<String> users) {
        return db.write(tx -> {
            QueueSettings.replaceProhibited(tx, QueueSettings.EVERY_QUEUE, users);
            return QueueSettings.prohibited(tx, QueueSettings.EVERY_QUEUE);
        });
    }

    @Override
    public Set<String> prohibitedList() {
        return db.read(tx -> QueueSettings.prohibited(tx, QueueSettings.EVERY_QUEUE));
    }
}
