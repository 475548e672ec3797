package dev.tide.server;

import dev.tide.api.InvalidRequestException;
import dev.tide.api.JobQuery;
import dev.tide.api.JobState;
import io.javalin.http.Context;

/**
 * Reads {@code GET /v1/jobs?state=&type=&owner=&deadlinePassed=&limit=&cursor=} into a {@link JobQuery}. Unknown and
 * repeated parameters were refused before the route ran ({@link DocumentedQueryParameters}).
 */
final class JobQueryParams {
    private JobQueryParams() {}

    static JobQuery parse(Context ctx) {
        return new JobQuery(
                JobState.parse(ctx.queryParam("state")),
                ctx.queryParam("type"),
                ctx.queryParam("owner"),
                bool(ctx, "deadlinePassed"),
                limit(ctx),
                ctx.queryParam("cursor"));
    }

    private static boolean bool(Context ctx, String name) {
        String text = ctx.queryParam(name);
        if (text == null || text.equals("false")) {
            return false;
        }
        if (text.equals("true")) {
            return true;
        }
        throw new InvalidRequestException(name, "'" + text + "' is not one of: true, false");
    }

    /** 0 (the default page size) when absent; {@link JobQuery} checks the range. */
    private static int limit(Context ctx) {
        String text = ctx.queryParam("limit");
        if (text == null) {
            return 0;
        }
        try {
            int value = Integer.parseInt(text);
            if (value == 0) {
                throw new InvalidRequestException("limit", "must be between 1 and " + JobQuery.MAX_LIMIT);
            }
            return value;
        } catch (NumberFormatException e) {
            throw new InvalidRequestException("limit", "'" + text + "' is not a whole number");
        }
    }
}
