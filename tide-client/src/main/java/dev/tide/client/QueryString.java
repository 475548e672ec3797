package dev.tide.client;

import dev.tide.api.EventQuery;
import dev.tide.api.IntakeFileQuery;
import dev.tide.api.JobQuery;
import dev.tide.api.StatsQuery;
import dev.tide.api.TaskQuery;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.StringJoiner;

/**
 * A {@link TaskQuery} as the query string of {@code GET /v1/tasks}, an {@link EventQuery} as that of
 * {@code GET /v1/events}, a {@link JobQuery} as that of {@code GET /v1/jobs}, an {@link IntakeFileQuery} as that of
 * {@code GET /v1/intake/files}; filters left null are left out.
 */
final class QueryString {
    private final StringJoiner params = new StringJoiner("&", "?", "");

    private QueryString() {}

    static String of(TaskQuery q) {
        QueryString s = filters(q);
        s.add("sort", q.sort().wireName());
        s.add("order", q.descending() ? "desc" : "asc");
        s.add("limit", Integer.toString(q.limit()));
        s.add("cursor", q.cursor());
        return s.params.toString();
    }

    /** The filters of {@code q} alone, as {@code GET /v1/tasks/count} takes them. */
    static String filtersOf(TaskQuery q) {
        return filters(q).params.toString();
    }

    private static QueryString filters(TaskQuery q) {
        QueryString s = new QueryString();
        s.add("queue", q.queue());
        s.add("state", q.state() == null ? null : q.state().wireName());
        s.add("outcome", q.outcome() == null ? null : q.outcome().wireName());
        s.add("type", q.type());
        s.add("job", q.jobId() == null ? null : q.jobId().toString());
        s.add("owner", q.owner());
        s.add("leaseOwner", q.leaseOwner());
        s.add("errorsOnly", q.errorsOnly() ? "true" : null);
        s.add("receivedFrom", text(q.receivedFrom()));
        s.add("receivedTo", text(q.receivedTo()));
        s.add("runAtFrom", text(q.runAtFrom()));
        s.add("runAtTo", text(q.runAtTo()));
        s.add("finishedFrom", text(q.finishedFrom()));
        s.add("finishedTo", text(q.finishedTo()));
        s.add("errorText", q.errorText());
        s.add("payloadPath", q.payloadPath());
        s.add("payloadValue", q.payloadValue());
        return s;
    }

    static String of(EventQuery q) {
        QueryString s = new QueryString();
        s.add("kind", q.kind());
        s.add("before", q.before() == null ? null : q.before().toString());
        s.add("limit", Integer.toString(q.limit()));
        s.add("taskId", q.taskId() == null ? null : q.taskId().toString());
        s.add("jobId", q.jobId() == null ? null : q.jobId().toString());
        s.add("actor", q.actor());
        return s.params.toString();
    }

    static String of(JobQuery q) {
        QueryString s = new QueryString();
        s.add("state", q.state() == null ? null : q.state().wireName());
        s.add("type", q.type());
        s.add("owner", q.owner());
        s.add("deadlinePassed", q.deadlinePassed() ? "true" : null);
        s.add("limit", Integer.toString(q.limit()));
        s.add("cursor", q.cursor());
        return s.params.toString();
    }

    static String of(IntakeFileQuery q) {
        QueryString s = new QueryString();
        s.add("limit", Integer.toString(q.limit()));
        s.add("cursor", q.cursor());
        return s.params.toString();
    }

    static String of(StatsQuery q) {
        QueryString s = new QueryString();
        s.add("from", q.from().toString());
        s.add("to", q.to().toString());
        s.add("type", q.type());
        s.add("queue", q.queue());
        return s.params.toString();
    }

    private static String text(Instant instant) {
        return instant == null ? null : instant.toString();
    }

    private void add(String name, String value) {
        if (value != null) {
            // URLEncoder writes a space as '+', which query strings read back as a space.
            params.add(name + "=" + URLEncoder.encode(value, StandardCharsets.UTF_8));
        }
    }
}
