package dev.tide.server.dashboard;

import dev.tide.api.EventQuery;
import dev.tide.api.HourlyStats;
import dev.tide.api.QueueInfo;
import dev.tide.api.StatsQuery;
import dev.tide.api.StatusReport;
import dev.tide.api.TideEvent;
import java.time.Duration;
import java.time.Instant;
import java.time.InstantSource;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * The start page: every queue with its depth by state and oldest waiting task, suspended queues and a suspended server
 * marked, the nodes with their version, uptime and processors, throughput and failures of the last day by hour, and
 * the deadline warnings and violations of the last day. People confined to their own tasks start on their task list
 * instead.
 */
final class OverviewPage {
    private static final int DEADLINE_EVENTS = 200;

    private final InstantSource clock;
    private final StatusSnapshots counts;

    OverviewPage(InstantSource clock, StatusSnapshots counts) {
        this.clock = clock;
        this.counts = counts;
    }

    void addTo(PageRoutes pages) {
        pages.get("", this::show);
        pages.get("/", this::show);
    }

    private void show(PageContext page) {
        if (!page.view().seesAll()) {
            page.ctx().redirect(page.viewer().path("/tasks"), io.javalin.http.HttpStatus.SEE_OTHER);
            return;
        }
        var tide = page.view().queue();
        StatusSnapshots.Snapshot counted = counts.latest();
        StatusReport status = counted.status();
        Map<String, QueueInfo> queues =
                tide.queues().list().stream().collect(Collectors.toMap(QueueInfo::name, Function.identity()));
        Instant now = clock.instant();
        List<QueueRow> rows = new ArrayList<>();
        for (StatusReport.QueueDepth depth : status.queues()) {
            rows.add(new QueueRow(
                    depth, queues.get(depth.queue()), counted.oldestReady().get(depth.queue()), now));
        }
        List<HourlyStats> hours = tide.monitoring().stats(new StatsQuery(now.minus(Duration.ofHours(24)), now, null));
        Throughput throughput = Throughput.of(hours, now.truncatedTo(ChronoUnit.HOURS), 24);
        Instant dayAgo = now.minus(Duration.ofDays(1));
        List<NodeLine> nodes = tide.monitoring().nodes().stream()
                .map(node -> new NodeLine(node, now))
                .toList();
        page.render(
                "overview.jte",
                "status",
                status,
                "countedAgo",
                Durations.words(
                        Math.max(0, Duration.between(counted.countedAt(), now).toSeconds())),
                "queues",
                rows,
                "nodes",
                nodes,
                "throughput",
                throughput,
                "warnings",
                recent(page, TideEvent.DEADLINE_WARNING, dayAgo),
                "violations",
                recent(page, TideEvent.DEADLINE_VIOLATION, dayAgo));
    }

    private static List<TideEvent> recent(PageContext page, String kind, Instant since) {
        return page
                .view()
                .queue()
                .monitoring()
                .events(EventQuery.recent().withKind(kind).withLimit(DEADLINE_EVENTS))
                .stream()
                .filter(e -> !e.at().isBefore(since))
                .toList();
    }
}
