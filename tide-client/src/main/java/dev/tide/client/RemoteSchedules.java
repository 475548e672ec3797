package dev.tide.client;

import dev.tide.api.InvalidRequestException;
import dev.tide.api.Schedule;
import dev.tide.api.ScheduleInfo;
import dev.tide.api.Schedules;
import dev.tide.api.TaskType;
import dev.tide.api.http.HttpBodies;
import dev.tide.api.http.Routes;
import java.time.Instant;
import java.util.List;

/** {@link Schedules} over the HTTP API: what {@link TideClient#schedules()} answers with. */
final class RemoteSchedules implements Schedules {
    private final JsonHttp http;

    RemoteSchedules(JsonHttp http) {
        this.http = http;
    }

    @Override
    public ScheduleInfo define(Schedule schedule) {
        if (schedule == null) {
            throw new InvalidRequestException("schedule", "is required");
        }
        return http.call("PUT", Routes.path(Routes.SCHEDULE, schedule.name()), schedule, ScheduleInfo.class);
    }

    @Override
    public List<ScheduleInfo> list() {
        return http.call("GET", Routes.path(Routes.SCHEDULES), null, HttpBodies.Schedules.class)
                .schedules();
    }

    @Override
    public ScheduleInfo get(String name) {
        return http.call("GET", path(Routes.SCHEDULE, name), null, ScheduleInfo.class);
    }

    @Override
    public List<Instant> firings(String name, int count) {
        return http.call("GET", path(Routes.SCHEDULE_FIRINGS, name) + "?count=" + count, null, HttpBodies.Firings.class)
                .firings();
    }

    @Override
    public ScheduleInfo pause(String name) {
        return http.call("POST", path(Routes.SCHEDULE_PAUSE, name), null, ScheduleInfo.class);
    }

    @Override
    public ScheduleInfo resume(String name) {
        return http.call("POST", path(Routes.SCHEDULE_RESUME, name), null, ScheduleInfo.class);
    }

    @Override
    public void delete(String name) {
        http.call("DELETE", path(Routes.SCHEDULE, name), null, Void.class);
    }

    /** A bad name is refused here, as the engine refuses it, rather than sent as a path the server cannot route. */
    private static String path(String route, String name) {
        TaskType.requireName("name", name);
        return Routes.path(route, name);
    }
}
