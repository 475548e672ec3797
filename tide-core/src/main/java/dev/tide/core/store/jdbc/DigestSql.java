package dev.tide.core.store.jdbc;

import dev.tide.api.HourlyStats;
import dev.tide.api.StatsQuery;
import dev.tide.api.TideEvent;
import dev.tide.core.store.DigestAdvance;
import dev.tide.core.store.DigestReport;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** The digest's period mark and what it reports, read from the event log and the statistics. */
final class DigestSql {
    private DigestSql() {}

    static Optional<Instant> lastSent(Tx tx) throws SQLException {
        try (ResultSet rs = tx.prepare("digest_get").query()) {
            return rs.next() ? Optional.ofNullable(Rows.instant(rs, "last_sent_at")) : Optional.empty();
        }
    }

    /** The compare-and-set of the period mark; true when this transaction moved it. */
    static boolean advance(Tx tx, DigestAdvance advance) throws SQLException {
        Statement st = advance.expected() == null
                ? tx.prepare("digest_start")
                : tx.prepare("digest_advance").set("expected", advance.expected());
        return st.set("until", advance.until()).update() == 1;
    }

    static DigestReport report(Tx tx, Instant since, Instant until, int latest) throws SQLException {
        List<DigestReport.Failures> failures = new ArrayList<>();
        Map<String, Long> failedByType = new LinkedHashMap<>();
        try (ResultSet rs = tx.prepare("digest_failures")
                .set("since", since)
                .set("until", until)
                .query()) {
            while (rs.next()) {
                failedByType.put(rs.getString("type"), rs.getLong("n"));
            }
        }
        for (Map.Entry<String, Long> type : failedByType.entrySet()) {
            List<TideEvent> last = events(tx.prepare("digest_failures_latest")
                    .set("since", since)
                    .set("until", until)
                    .set("type", type.getKey())
                    .set("limit", (long) latest));
            failures.add(new DigestReport.Failures(type.getKey(), type.getValue(), last));
        }
        Map<String, Long> counts = new LinkedHashMap<>();
        try (ResultSet rs = tx.prepare("digest_event_counts")
                .set("since", since)
                .set("until", until)
                .query()) {
            while (rs.next()) {
                counts.put(rs.getString("kind"), rs.getLong("n"));
            }
        }
        List<TideEvent> latestEvents = events(tx.prepare("digest_events_latest")
                .set("since", since)
                .set("until", until)
                .set("limit", (long) latest));
        return new DigestReport(failures, counts, latestEvents, totals(tx, since, until));
    }

    /** Each type's statistics summed over the hours the period overlaps. */
    private static List<HourlyStats> totals(Tx tx, Instant since, Instant until) throws SQLException {
        Instant from = until.minus(Duration.ofDays(StatsQuery.MAX_DAYS)).isAfter(since)
                ? until.minus(Duration.ofDays(StatsQuery.MAX_DAYS))
                : since;
        Map<String, HourlyStats> byType = new LinkedHashMap<>();
        for (HourlyStats hour : StatsSql.list(tx, new StatsQuery(from, until, null))) {
            byType.merge(
                    hour.taskType(),
                    new HourlyStats(hour.taskType(), from, 0, 0, 0, 0, 0, 0).plus(hour),
                    HourlyStats::plus);
        }
        return byType.values().stream()
                .sorted(Comparator.comparing(HourlyStats::taskType))
                .toList();
    }

    private static List<TideEvent> events(Statement st) throws SQLException {
        List<TideEvent> out = new ArrayList<>();
        try (ResultSet rs = st.query()) {
            while (rs.next()) {
                out.add(EventSql.read(rs));
            }
        }
        return out;
    }
}
