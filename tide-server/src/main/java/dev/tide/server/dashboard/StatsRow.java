package dev.tide.server.dashboard;

import dev.tide.api.HourlyStats;
import java.time.Instant;

/** One line of the statistics table: a period with the sums of every type (or of the one asked for). */
public record StatsRow(Instant start, String type, HourlyStats sums) {}
