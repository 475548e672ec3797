package dev.tide.core;

import dev.tide.api.Schedule;
import dev.tide.api.ScheduleInfo;
import dev.tide.core.engine.Schedules;
import java.time.Instant;
import java.util.List;

/**
 * {@link dev.tide.api.Schedules} in this process: the engine's {@link Schedules} checks and stores a definition and
 * fires it on its own thread, which a change nudges.
 */
final class EmbeddedSchedules implements dev.tide.api.Schedules {
    private final Schedules schedules;

    EmbeddedSchedules(Schedules schedules) {
        this.schedules = schedules;
    }

    @Override
    public ScheduleInfo define(Schedule schedule) {
        return schedules.define(schedule);
    }

    @Override
    public List<ScheduleInfo> list() {
        return schedules.list();
    }

    @Override
    public ScheduleInfo get(String name) {
        return schedules.get(name);
    }

    @Override
    public List<Instant> firings(String name, int count) {
        return schedules.firings(name, count);
    }

    @Override
    public ScheduleInfo pause(String name) {
        return schedules.pause(name);
    }

    @Override
    public ScheduleInfo resume(String name) {
        return schedules.resume(name);
    }

    @Override
    public void delete(String name) {
        schedules.delete(name);
    }
}
