package dev.tide.api;

import com.fasterxml.jackson.annotation.JsonIgnore;
import java.time.Instant;

/**
 * A schedule as stored, with where it stands.
 *
 * @param schedule its definition; {@code paused} is always set
 * @param nextFireAt the next firing not yet fired (while paused: the one that was next when it was paused)
 * @param lastFiredAt the latest firing that enqueued an instance, or null before the first
 * @param lastTaskId the task that firing enqueued, or null
 */
public record ScheduleInfo(Schedule schedule, Instant nextFireAt, Instant lastFiredAt, Long lastTaskId) {

    @JsonIgnore
    public String name() {
        return schedule.name();
    }

    @JsonIgnore
    public boolean paused() {
        return Boolean.TRUE.equals(schedule.paused());
    }
}
