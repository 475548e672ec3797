package dev.tide.server.dashboard;

import dev.tide.api.QueueUser;
import dev.tide.api.ServedTasks;
import dev.tide.api.json.Json;
import java.time.Duration;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * A fair queue's users with the share of its turns each is due, set against the share each was served in the last
 * hour. The share due is a user's allocation over the allocations of the users waiting now (a user that waits for
 * nothing is due nothing); the share served is its tasks over all the tasks the queue served in the hour
 * ({@link ServedTasks}).
 *
 * @param served the hour's count; null for a queue that is not fair (no lines)
 */
public record FairShares(List<Line> lines, ServedTasks served) {
    /** The users the chart draws at most: those with the largest shares, so that the bars stay readable. */
    static final int CHART_USERS = 20;

    static final FairShares NONE = new FairShares(List.of(), null);

    /**
     * One user: the share (0 to 1) of the turns due to it, and of the tasks served in the hour.
     *
     * @param served the user's tasks served in the hour
     */
    public record Line(QueueUser user, double shareDue, long served, double shareServed) {
        public String shareDuePercent() {
            return percent(shareDue);
        }

        public String shareServedPercent() {
            return percent(shareServed);
        }
    }

    static FairShares of(List<QueueUser> users, ServedTasks served) {
        long waiting = users.stream()
                .filter(QueueUser::waiting)
                .mapToLong(QueueUser::effectiveAllocation)
                .sum();
        Map<String, Long> tasks = new HashMap<>();
        served.users().forEach(u -> tasks.put(u.user(), u.tasks()));
        long all = served.sum();
        return new FairShares(
                users.stream()
                        .map(u -> {
                            long mine = tasks.getOrDefault(u.user(), 0L);
                            return new Line(
                                    u,
                                    u.waiting() && waiting > 0 ? (double) u.effectiveAllocation() / waiting : 0,
                                    mine,
                                    all == 0 ? 0 : (double) mine / all);
                        })
                        .toList(),
                served);
    }

    /** The hour the shares served cover, in words: "the last hour", or how far back the latest tasks counted go. */
    public String window() {
        if (!served.partial()) {
            return "the last hour";
        }
        long seconds = Duration.between(served.from(), served.to()).toSeconds();
        return "the last " + Durations.words(Math.max(1, seconds)) + " (the latest "
                + String.format(Locale.ROOT, "%,d", ServedTasks.LIMIT) + " tasks served; more ended in the hour)";
    }

    /**
     * Share due against share served, in percent, for the users with the largest shares (at most
     * {@value #CHART_USERS}), by name: the chart's data, read by the dashboard's script with JSON.parse (never
     * evaluated). User names are written by the JSON writer, so any character in them stays text.
     */
    public String chartJson() {
        List<Line> drawn = lines.stream()
                .sorted(Comparator.comparingDouble((Line l) -> Math.max(l.shareDue(), l.shareServed()))
                        .reversed())
                .limit(CHART_USERS)
                .sorted(Comparator.comparing(l -> l.user().user()))
                .toList();
        return Json.write(Map.of(
                "type",
                "bar",
                "labels",
                drawn.stream().map(l -> l.user().user()).toList(),
                "series",
                List.of(
                        Map.of(
                                "label",
                                "share due, %",
                                "data",
                                drawn.stream().map(l -> rounded(l.shareDue())).toList()),
                        Map.of(
                                "label",
                                "share served, %",
                                "data",
                                drawn.stream()
                                        .map(l -> rounded(l.shareServed()))
                                        .toList()))));
    }

    /** What the chart shows, for those who do not see it. */
    public String chartLabel() {
        return "Share due against share served in " + window() + ", in percent, per user"
                + (lines.size() > CHART_USERS ? " (the " + CHART_USERS + " with the largest shares)" : "")
                + ", as in the table below";
    }

    private static double rounded(double share) {
        return Math.round(share * 1000) / 10.0;
    }

    private static String percent(double share) {
        return String.format(Locale.ROOT, "%.1f %%", share * 100);
    }
}
