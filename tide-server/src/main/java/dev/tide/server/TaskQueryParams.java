package dev.tide.server;

import dev.tide.api.InvalidRequestException;
import dev.tide.api.Outcome;
import dev.tide.api.TaskQuery;
import dev.tide.api.TaskState;
import io.javalin.http.Context;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.List;
import java.util.Map;

/**
 * Reads {@code GET /v1/tasks?queue=&state=&outcome=&type=&job=&owner=&leaseOwner=&errorsOnly=&receivedFrom=&receivedTo=
 * &runAtFrom=&runAtTo=&finishedFrom=&finishedTo=&errorText=&payloadPath=&payloadValue=&sort=&order=&limit=&cursor=}
 * into a {@link TaskQuery} (and those of {@code GET /v1/tasks/count}, whose order, limit and cursor count nothing). Unknown and repeated parameters were refused before the route ran
 * ({@link DocumentedQueryParameters}).
 */
final class TaskQueryParams {
    private final Map<String, List<String>> params;

    private TaskQueryParams(Map<String, List<String>> params) {
        this.params = params;
    }

    static TaskQuery parse(Context ctx) {
        return new TaskQueryParams(ctx.queryParamMap()).query();
    }

    private TaskQuery query() {
        return new TaskQuery(
                get("queue"),
                TaskState.parse(get("state")),
                Outcome.parse(get("outcome")),
                get("type"),
                positiveLong("job"),
                get("owner"),
                get("leaseOwner"),
                bool("errorsOnly"),
                instant("receivedFrom"),
                instant("receivedTo"),
                instant("runAtFrom"),
                instant("runAtTo"),
                instant("finishedFrom"),
                instant("finishedTo"),
                get("errorText"),
                get("payloadPath"),
                get("payloadValue"),
                TaskQuery.Sort.parse(get("sort")),
                descending(),
                integer("limit"),
                get("cursor"));
    }

    private String get(String name) {
        List<String> values = params.get(name);
        return values == null || values.isEmpty() ? null : values.get(0);
    }

    private Instant instant(String name) {
        String text = get(name);
        if (text == null) {
            return null;
        }
        try {
            return Instant.parse(text);
        } catch (DateTimeParseException e) {
            throw new InvalidRequestException(name, "'" + text + "' is not an instant like 2026-01-05T09:00:00Z");
        }
    }

    private boolean descending() {
        String order = get("order");
        if (order == null || order.equals("asc")) {
            return false;
        }
        if (order.equals("desc")) {
            return true;
        }
        throw new InvalidRequestException("order", "'" + order + "' is not one of: asc, desc");
    }

    private boolean bool(String name) {
        String text = get(name);
        if (text == null || text.equals("false")) {
            return false;
        }
        if (text.equals("true")) {
            return true;
        }
        throw new InvalidRequestException(name, "'" + text + "' is not one of: true, false");
    }

    private Long positiveLong(String name) {
        String text = get(name);
        if (text == null) {
            return null;
        }
        try {
            long value = Long.parseLong(text);
            if (value > 0) {
                return value;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new InvalidRequestException(name, "'" + text + "' is not a positive whole number");
    }

    /** 0 (the default page size) when absent; {@link TaskQuery} checks the range. */
    private int integer(String name) {
        String text = get(name);
        if (text == null) {
            return 0;
        }
        try {
            int value = Integer.parseInt(text);
            if (value == 0) {
                throw new InvalidRequestException(name, "must be between 1 and " + TaskQuery.MAX_LIMIT);
            }
            return value;
        } catch (NumberFormatException e) {
            throw new InvalidRequestException(name, "'" + text + "' is not a whole number");
        }
    }
}
