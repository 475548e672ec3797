package dev.tide.server.dashboard;

import dev.tide.api.Discipline;
import dev.tide.api.HourlyStats;
import dev.tide.api.InvalidRequestException;
import dev.tide.api.NotFoundException;
import dev.tide.api.QueueInfo;
import dev.tide.api.StatsQuery;
import dev.tide.api.StatusReport;
import dev.tide.api.TaskType;
import dev.tide.api.UserShares;
import java.time.Duration;
import java.time.Instant;
import java.time.InstantSource;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Set;

/**
 * One queue: its discipline and settings, its depth by state and its throughput per hour over the last day, suspend
 * and resume; for a fair queue its users with their allocation, concurrency, leases now and whether they wait, and
 * their share due against their share served in the last hour; administrators change the shares in place.
 */
final class QueuePages {
    private final InstantSource clock;
    private final StatusSnapshots counts;

    QueuePages(InstantSource clock, StatusSnapshots counts) {
        this.clock = clock;
        this.counts = counts;
    }

    void addTo(PageRoutes pages) {
        pages.get("/queues/{name}", this::show);
        pages.post("/queues/{name}/suspend", page -> {
            page.view().requireAdmin("suspend a queue");
            String name = page.pathParam("name");
            page.view().queue().queues().suspend(name);
            page.redirect("/queues/" + Urls.encode(name), "Queue suspended: no task is handed out until it resumes.");
        });
        pages.post("/queues/{name}/resume", page -> {
            page.view().requireAdmin("resume a queue");
            String name = page.pathParam("name");
            page.view().queue().queues().resume(name);
            page.redirect("/queues/" + Urls.encode(name), "Queue resumed.");
        });
        pages.post("/queues/{name}/users", this::setShares);
    }

    private void show(PageContext page) {
        page.view().requireReader("a queue's settings and users");
        String name = page.pathParam("name");
        TaskType.requireName("queue", name);
        var tide = page.view().queue();
        QueueInfo info = tide.queues().list().stream()
                .filter(q -> q.name().equals(name))
                .findFirst()
                .orElse(null);
        StatusReport.QueueDepth depth = counts.latest().status().queues().stream()
                .filter(d -> d.queue().equals(name))
                .findFirst()
                .orElse(null);
        if (info == null && depth == null) {
            throw new NotFoundException("queue " + name);
        }
        boolean fair = info != null && info.discipline() == Discipline.FAIR;
        FairShares users =
                fair ? FairShares.of(tide.queues().users(name), tide.queues().served(name)) : FairShares.NONE;
        Instant now = clock.instant();
        List<HourlyStats> hours =
                tide.monitoring().stats(new StatsQuery(now.minus(Duration.ofHours(24)), now, null, name));
        page.render(
                "queue.jte",
                "name",
                name,
                "info",
                info,
                "depth",
                depth,
                "depthChart",
                depth == null ? null : depthChart(depth),
                "throughput",
                Throughput.of(hours, now.truncatedTo(ChronoUnit.HOURS), 24),
                "users",
                users);
    }

    /** The queue's tasks by state as a bar chart's data, read by the dashboard's script with JSON.parse. */
    static String depthChart(StatusReport.QueueDepth d) {
        return "{\"type\":\"bar\",\"labels\":[\"scheduled\",\"blocked\",\"ready\",\"leased\",\"parked\",\"succeeded\","
                + "\"failed\",\"cancelled\",\"expired\"],\"series\":[{\"label\":\"tasks\",\"data\":["
                + String.join(
                        ",",
                        java.util.stream.LongStream.of(
                                        d.scheduled(),
                                        d.blocked(),
                                        d.ready(),
                                        d.leased(),
                                        d.parked(),
                                        d.succeeded(),
                                        d.failed(),
                                        d.cancelled(),
                                        d.expired())
                                .mapToObj(Long::toString)
                                .toList())
                + "]}]}";
    }

    private void setShares(PageContext page) {
        page.view().requireAdmin("change a user's shares");
        String name = page.pathParam("name");
        String user = page.form("user");
        if (user == null) {
            throw new InvalidRequestException("user", "name the user whose shares change");
        }
        UserShares shares = new UserShares(
                Set.of(user),
                page.formNumber("allocation"),
                page.formNumber("concurrency"),
                page.formNumber("maxPending"));
        if (shares.empty()) {
            throw new InvalidRequestException("allocation", "give an allocation, a concurrency or a pending bound");
        }
        page.view().queue().queues().adjustUsers(name, shares);
        page.redirect("/queues/" + Urls.encode(name), "Shares of " + user + " changed.");
    }
}
