package dev.tide.server;

import dev.tide.api.InvalidRequestException;
import dev.tide.api.StatsQuery;
import dev.tide.api.TaskQueue;
import dev.tide.api.http.HttpBodies;
import dev.tide.api.http.Routes;
import io.javalin.config.RoutesConfig;
import io.javalin.http.Context;
import java.time.InstantSource;

/**
 * {@code GET /v1/stats?week=2026-W47} or {@code ?from=&to=}, with an optional {@code type} and {@code queue}: the
 * hourly statistics per task type, by hour then type. Without {@code week} or {@code from}, the current ISO week. Strict like the event
 * list: an unknown or repeated parameter, a week given with a range, or a range that ends before it starts is a 400.
 */
final class StatsRoutes {
    private final TaskQueue queue;
    private final InstantSource clock;

    /** @param clock whose week is the current one (the server's: the engine's, so a simulated week reads as now) */
    StatsRoutes(TaskQueue queue, InstantSource clock) {
        this.queue = queue;
        this.clock = clock;
    }

    void addTo(RoutesConfig routes) {
        routes.get(
                Routes.STATS,
                ctx -> ctx.json(new HttpBodies.Stats(queue.monitoring().stats(query(ctx)))),
                Access.ADMIN);
    }

    private StatsQuery query(Context ctx) {
        String week = ctx.queryParam("week");
        String from = ctx.queryParam("from");
        String to = ctx.queryParam("to");
        StatsQuery range;
        if (week != null) {
            if (from != null || to != null) {
                throw new InvalidRequestException("week", "give either week or from and to, not both");
            }
            range = StatsQuery.week(week);
        } else if (from != null || to != null) {
            if (from == null || to == null) {
                throw new InvalidRequestException(
                        from == null ? "from" : "to", "is required with " + (from == null ? "to" : "from"));
            }
            range = new StatsQuery(StatsQuery.parseInstant("from", from), StatsQuery.parseInstant("to", to), null);
        } else {
            range = StatsQuery.weekOf(clock.instant());
        }
        String type = ctx.queryParam("type");
        String queue = ctx.queryParam("queue");
        return range.withType(type).withQueue(queue);
    }
}
