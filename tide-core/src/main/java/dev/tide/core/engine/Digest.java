package dev.tide.core.engine;

import dev.tide.api.DigestNotice;
import dev.tide.api.NewTask;
import dev.tide.api.PayloadTooLargeException;
import dev.tide.api.TideEvent;
import dev.tide.api.json.Json;
import dev.tide.core.settings.StatsSettings;
import dev.tide.core.store.DigestAdvance;
import dev.tide.core.store.DigestReport;
import dev.tide.core.store.EventRow;
import dev.tide.core.store.InsertBatch;
import dev.tide.core.store.Reporting;
import dev.tide.core.store.TaskRow;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The periodic digest for the administrators: once a period is over (periods counted from the epoch, UTC), one task of
 * the notification type carrying a {@link DigestNotice} of the period's failures and events. The period's mark moves
 * by compare-and-set in the transaction that enqueues the task, so however many nodes try, one digest goes out per
 * period; a node that was down for several periods sends one digest covering them all.
 *
 * <p>The first pass only starts the count (there is nothing to look back on yet): the first digest covers the first
 * whole period after that.
 */
public final class Digest {
    private static final Logger log = LoggerFactory.getLogger(Digest.class);
    /** How many of the latest failures per type, and of the latest other events, a digest lists. */
    static final int LATEST = 5;

    private final Reporting store;
    private final StatsSettings settings;
    private final TaskResolver resolver;
    private final String node;
    private final Consumer<Set<String>> wake;

    public Digest(
            Reporting store, StatsSettings settings, TaskResolver resolver, String node, Consumer<Set<String>> wake) {
        this.store = store;
        this.settings = settings;
        this.resolver = resolver;
        this.node = node;
        this.wake = wake;
    }

    /** Sends the digest of the periods ended by {@code now} unless a node has; returns its task's id if this call did. */
    public Optional<Long> runOnce(Instant now) {
        if (!settings.digestEnabled()) {
            return Optional.empty();
        }
        long interval = settings.digestInterval().toMillis();
        Instant periodEnd = Instant.ofEpochMilli(Math.floorDiv(now.toEpochMilli(), interval) * interval);
        Optional<Instant> last = store.digestLastSent();
        if (last.isEmpty()) {
            store.digestAdvance(new DigestAdvance(null, periodEnd, null, null));
            return Optional.empty();
        }
        if (!periodEnd.isAfter(last.get())) {
            return Optional.empty();
        }
        DigestReport report = store.digestReport(last.get(), periodEnd, LATEST);
        TaskRow task = task(report, last.get(), periodEnd, now);
        Map<String, Object> detail = new LinkedHashMap<>();
        detail.put("from", last.get());
        detail.put("until", periodEnd);
        detail.put("recipients", settings.digestRecipients());
        EventRow event = new EventRow(now, TideEvent.DIGEST_SENT, null, null, task.queue(), Json.write(detail));
        Optional<InsertBatch> sent = store.digestAdvance(new DigestAdvance(last.get(), periodEnd, task, event));
        sent.ifPresent(batch -> {
            wake.accept(batch.readyQueues());
            log.info("sent the digest of {} to {}", periodEnd, settings.digestRecipients());
        });
        return sent.map(batch -> batch.results().get(0).id());
    }

    private TaskRow task(DigestReport report, Instant from, Instant until, Instant now) {
        try {
            return resolve(notice(report, from, until, true), now);
        } catch (PayloadTooLargeException e) {
            // Long messages can make the latest failures and events too large: the counts still go out.
            return resolve(notice(report, from, until, false), now);
        }
    }

    private TaskRow resolve(DigestNotice notice, Instant now) {
        NewTask task = NewTask.builder(settings.notificationType())
                .payloadJson(Json.write(notice))
                .build();
        return resolver.resolve(task, "digest.", null, null, now);
    }

    private DigestNotice notice(DigestReport report, Instant from, Instant until, boolean withLatest) {
        long failed = report.failures().stream()
                .mapToLong(DigestReport.Failures::count)
                .sum();
        long events = report.eventCounts().values().stream()
                .mapToLong(Long::longValue)
                .sum();
        String subject = "Tide digest " + from + " to " + until + ": " + failed + " failed task"
                + (failed == 1 ? "" : "s") + ", " + events + " event" + (events == 1 ? "" : "s");
        List<DigestNotice.Failures> failures = report.failures().stream()
                .map(f -> new DigestNotice.Failures(f.type(), f.count(), withLatest ? f.latest() : List.of()))
                .toList();
        return new DigestNotice(
                DigestNotice.KIND,
                settings.digestRecipients(),
                subject,
                from,
                until,
                node,
                failures,
                report.eventCounts(),
                withLatest ? report.latestEvents() : List.of(),
                report.totals());
    }
}
