package dev.tide.server.dashboard;

import dev.tide.api.InvalidRequestException;
import dev.tide.api.Outcome;
import dev.tide.api.TaskQuery;
import dev.tide.api.TaskState;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The task list's filter as the page's URL holds it, so that a view can be bookmarked and shared: the values as typed
 * (to show them back in the form) and the query they make. A value that makes no query (an unknown state, a job that
 * is not a number, a time that is not one) is refused with a 400 page naming it, as the API refuses it. Times are UTC:
 * {@code 2026-11-24T18:00} (as a browser's date-time field sends it) or {@code 2026-11-24T18:00:00Z}.
 */
public record TaskFilter(Map<String, String> values) {
    /** The URL's parameter names, in the order the form shows them. */
    static final String[] NAMES = {
        "queue", "type", "state", "outcome", "owner", "job", "worker", "errors", "received-from", "received-to",
        "run-from", "run-to", "finished-from", "finished-to", "error", "path", "value", "sort", "order", "limit"
    };

    /** The filter of the page's URL. */
    static TaskFilter from(PageContext page) {
        return of(page, "");
    }

    /** The filter a form carried in hidden fields named {@code f-<name>} (a confirmation's). */
    static TaskFilter fromForm(PageContext page) {
        Map<String, String> values = new LinkedHashMap<>();
        for (String name : NAMES) {
            String value = page.form("f-" + name);
            if (value != null) {
                values.put(name, value);
            }
        }
        return new TaskFilter(values);
    }

    private static TaskFilter of(PageContext page, String prefix) {
        Map<String, String> values = new LinkedHashMap<>();
        for (String name : NAMES) {
            String value = page.query(prefix + name);
            if (value != null) {
                values.put(name, value);
            }
        }
        return new TaskFilter(values);
    }

    public String get(String name) {
        return values.getOrDefault(name, "");
    }

    public boolean is(String name, String value) {
        return value.equals(values.get(name));
    }

    /** Whether the filter searches text (error or payload), which a store may read in bounded steps. */
    public boolean searchesText() {
        return values.containsKey("error") || values.containsKey("path");
    }

    /** The query of this filter, first page. */
    TaskQuery query() {
        TaskQuery q = TaskQuery.all();
        if (values.containsKey("queue")) {
            q = q.withQueue(values.get("queue"));
        }
        if (values.containsKey("type")) {
            q = q.withType(values.get("type"));
        }
        if (values.containsKey("state")) {
            q = q.withState(TaskState.parse(values.get("state")));
        }
        if (values.containsKey("outcome")) {
            q = q.withOutcome(Outcome.parse(values.get("outcome")));
        }
        if (values.containsKey("owner")) {
            q = q.withOwner(values.get("owner"));
        }
        if (values.containsKey("job")) {
            q = q.withJob(Numbers.positive("job", values.get("job")));
        }
        if (values.containsKey("worker")) {
            q = q.withLeaseOwner(values.get("worker"));
        }
        if ("true".equals(values.get("errors"))) {
            q = q.withErrorsOnly(true);
        }
        if (values.containsKey("received-from") || values.containsKey("received-to")) {
            q = q.receivedBetween(time("received-from"), time("received-to"));
        }
        if (values.containsKey("run-from") || values.containsKey("run-to")) {
            q = q.runAtBetween(time("run-from"), time("run-to"));
        }
        if (values.containsKey("finished-from") || values.containsKey("finished-to")) {
            q = q.finishedBetween(time("finished-from"), time("finished-to"));
        }
        if (values.containsKey("error")) {
            q = q.withErrorText(values.get("error"));
        }
        if (values.containsKey("path") || values.containsKey("value")) {
            q = q.withPayload(values.get("path"), values.get("value"));
        }
        TaskQuery.Sort sort = values.containsKey("sort") ? TaskQuery.Sort.parse(values.get("sort")) : TaskQuery.Sort.ID;
        q = q.sortedBy(sort, !"asc".equals(values.get("order")));
        if (values.containsKey("limit")) {
            q = q.withLimit((int) Math.min(Integer.MAX_VALUE, Numbers.positive("limit", values.get("limit"))));
        }
        return q;
    }

    /** The URL query of this filter, with a cursor for another page. */
    public String link(String cursor) {
        Map<String, Object> params = new LinkedHashMap<>(values);
        params.put("cursor", cursor);
        return Urls.query(params);
    }

    /** The URL query of this filter with one value changed. */
    public String with(String name, String value) {
        Map<String, Object> params = new LinkedHashMap<>(values);
        params.put(name, value);
        return Urls.query(params);
    }

    private Instant time(String field) {
        String text = values.get(field);
        if (text == null) {
            return null;
        }
        try {
            return text.endsWith("Z")
                    ? Instant.parse(text)
                    : LocalDateTime.parse(text).toInstant(ZoneOffset.UTC);
        } catch (DateTimeParseException e) {
            throw new InvalidRequestException(field, "'" + text + "' is not a time such as 2026-11-24T18:00 (UTC)");
        }
    }
}
