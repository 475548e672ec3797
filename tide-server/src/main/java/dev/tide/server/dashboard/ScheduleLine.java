package dev.tide.server.dashboard;

import dev.tide.api.ScheduleInfo;
import java.time.Instant;
import java.util.List;

/** A schedule and the firings still to come. */
public record ScheduleLine(ScheduleInfo info, List<Instant> next) {}
