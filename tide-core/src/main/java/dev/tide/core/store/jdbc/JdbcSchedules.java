package dev.tide.core.store.jdbc;

import dev.tide.api.Schedule;
import dev.tide.api.ScheduleInfo;
import dev.tide.core.store.InsertBatch;
import dev.tide.core.store.ScheduleFiring;
import dev.tide.core.store.ScheduleStore;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Schedules, and claiming their due firings together with the instances they insert.
 */
public final class JdbcSchedules implements ScheduleStore {
    private final Database db;
    private final TaskInsertion insertion;

    JdbcSchedules(Database db, TaskInsertion insertion) {
        this.db = db;
        this.insertion = insertion;
    }

    @Override
    public ScheduleInfo scheduleUpsert(Schedule schedule, Instant nextFireAt, Instant now) {
        return db.adminWrite(tx -> ScheduleSql.upsert(tx, schedule, nextFireAt, now));
    }

    @Override
    public List<ScheduleInfo> scheduleList() {
        return db.read(ScheduleSql::list);
    }

    @Override
    public Optional<ScheduleInfo> scheduleGet(String name) {
        return db.read(tx -> ScheduleSql.get(tx, name));
    }

    @Override
    public Optional<ScheduleInfo> schedulePause(String name, boolean paused, Instant nextFireAt, Instant now) {
        return db.adminWrite(tx -> ScheduleSql.pause(tx, name, paused, nextFireAt, now));
    }

    @Override
    public boolean scheduleDelete(String name, Instant now) {
        return db.adminWrite(tx -> ScheduleSql.delete(tx, name, now));
    }

    @Override
    public List<ScheduleInfo> scheduleDue(Instant now, int limit) {
        return db.read(tx -> ScheduleSql.due(tx, now, limit));
    }

    @Override
    public Optional<Instant> scheduleNextFireAt() {
        return db.read(ScheduleSql::nextFireAt);
    }

    @Override
    public Optional<InsertBatch> scheduleFire(ScheduleFiring firing) {
        return db.write(tx -> {
            if (!ScheduleSql.claim(tx, firing)) {
                return Optional.empty();
            }
            InsertBatch batch = firing.rows().isEmpty()
                    ? new InsertBatch(List.of(), Set.of())
                    : insertion.insertRows(tx, firing.rows());
            ScheduleSql.fired(tx, firing, batch);
            return Optional.of(batch);
        });
    }
}
