package dev.tide.core.store.jdbc;

import dev.tide.api.Actor;
import dev.tide.api.EnqueueResult;
import dev.tide.api.NewTask;
import dev.tide.api.Schedule;
import dev.tide.api.ScheduleInfo;
import dev.tide.api.TideEvent;
import dev.tide.api.json.Json;
import dev.tide.core.store.EventRow;
import dev.tide.core.store.InsertBatch;
import dev.tide.core.store.ScheduleFiring;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** Schedules as stored, changed and fired, inside a store transaction. Every change is logged as an event. */
final class ScheduleSql {
    private ScheduleSql() {}

    static ScheduleInfo upsert(Tx tx, Schedule schedule, Instant nextFireAt, Instant now) throws SQLException {
        // The row's paused column is the truth; the stored definition leaves it out.
        String definition = Json.write(schedule.withPaused(null));
        ScheduleInfo info;
        try (ResultSet rs = tx.prepare("schedule_upsert")
                .set("name", schedule.name())
                .set("definition", definition)
                .set("cron", schedule.cron())
                .set("zone", schedule.zone().getId())
                .set("paused", schedule.paused() == null ? null : (Long) (schedule.paused() ? 1L : 0L))
                .set("next_fire_at", nextFireAt)
                .set("now", now)
                .query()) {
            rs.next();
            info = read(rs);
        }
        log(tx, now, TideEvent.SCHEDULE_DEFINED, info.schedule(), Map.of("definition", info.schedule()));
        return info;
    }

    static Optional<ScheduleInfo> get(Tx tx, String name) throws SQLException {
        try (ResultSet rs = tx.prepare("schedule_get").set("name", name).query()) {
            return rs.next() ? Optional.of(read(rs)) : Optional.empty();
        }
    }

    static List<ScheduleInfo> list(Tx tx) throws SQLException {
        return many(tx.prepare("schedule_list"));
    }

    static List<ScheduleInfo> due(Tx tx, Instant now, int limit) throws SQLException {
        return many(tx.prepare("schedule_due").set("now", now).set("limit", (long) limit));
    }

    /** @param nextFireAt on resuming, the first firing after now; null on pausing, which keeps the next firing */
    static Optional<ScheduleInfo> pause(Tx tx, String name, boolean paused, Instant nextFireAt, Instant now)
            throws SQLException {
        ScheduleInfo info;
        try (ResultSet rs = tx.prepare("schedule_pause")
                .set("paused", paused ? 1L : 0L)
                .set("next_fire_at", nextFireAt)
                .set("now", now)
                .set("name", name)
                .query()) {
            if (!rs.next()) {
                return Optional.empty();
            }
            info = read(rs);
        }
        if (paused) {
            log(tx, now, TideEvent.SCHEDULE_PAUSED, info.schedule(), Map.of());
        } else {
            Map<String, Object> detail = new LinkedHashMap<>();
            if (info.nextFireAt() != null) {
                detail.put("nextFireAt", info.nextFireAt());
            }
            log(tx, now, TideEvent.SCHEDULE_RESUMED, info.schedule(), detail);
        }
        return Optional.of(info);
    }

    static boolean delete(Tx tx, String name, Instant now) throws SQLException {
        Optional<ScheduleInfo> existing = get(tx, name);
        if (existing.isEmpty()
                || tx.prepare("schedule_delete").set("name", name).update() == 0) {
            return false;
        }
        log(tx, now, TideEvent.SCHEDULE_DELETED, existing.get().schedule(), Map.of());
        return true;
    }

    static Optional<Instant> nextFireAt(Tx tx) throws SQLException {
        try (ResultSet rs = tx.prepare("schedule_next_fire_at").query()) {
            return rs.next() ? Optional.ofNullable(Rows.instant(rs, "next_fire_at")) : Optional.empty();
        }
    }

    /** Moves the schedule's next firing from the one the pass read; false when another transaction did first. */
    static boolean claim(Tx tx, ScheduleFiring firing) throws SQLException {
        return tx.prepare("schedule_fire_claim")
                        .set("next_fire_at", firing.next())
                        .set("name", firing.name())
                        .set("due", firing.due())
                        .update()
                == 1;
    }

    /** After the instances went in: the latest firing and its task, and the event of firings that fired nothing. */
    static void fired(Tx tx, ScheduleFiring firing, InsertBatch batch) throws SQLException {
        if (!firing.rows().isEmpty()) {
            List<EnqueueResult> results = batch.results();
            tx.prepare("schedule_fired")
                    .set("fired_at", firing.firings().get(firing.firings().size() - 1))
                    .set("task_id", results.get(results.size() - 1).id())
                    .set("name", firing.name())
                    .update();
        }
        if (firing.missed() != null) {
            EventSql.insert(tx, firing.missed());
        }
    }

    private static List<ScheduleInfo> many(Statement st) throws SQLException {
        List<ScheduleInfo> out = new ArrayList<>();
        try (ResultSet rs = st.query()) {
            while (rs.next()) {
                out.add(read(rs));
            }
        }
        return out;
    }

    private static ScheduleInfo read(ResultSet rs) throws SQLException {
        Schedule schedule =
                Json.read(rs.getString("definition"), Schedule.class).withPaused(rs.getInt("paused") != 0);
        return new ScheduleInfo(
                schedule,
                Rows.instant(rs, "next_fire_at"),
                Rows.instant(rs, "last_fired_at"),
                Rows.nullableLong(rs, "last_task_id"));
    }

    private static void log(Tx tx, Instant now, String kind, Schedule schedule, Map<String, Object> more)
            throws SQLException {
        Map<String, Object> detail = new LinkedHashMap<>();
        detail.put("actor", Actor.current());
        detail.put("schedule", schedule.name());
        detail.putAll(more);
        NewTask task = schedule.task();
        String queue = task.queue() == null ? NewTask.DEFAULT_QUEUE : task.queue();
        EventSql.insert(tx, new EventRow(now, kind, null, null, queue, Json.write(detail)));
    }
}
