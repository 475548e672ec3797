package dev.tide.server;

import dev.tide.api.InvalidRequestException;
import java.util.List;
import java.util.Map;

/**
 * The strictness every route with query parameters shares: a parameter the route does not know, or one given twice, is
 * a 400 naming it, so that a typo is not silently ignored.
 */
final class QueryParams {
    private QueryParams() {}

    static void requireOnly(Map<String, List<String>> params, List<String> known) {
        params.forEach((name, values) -> {
            if (!known.contains(name)) {
                throw new InvalidRequestException(name, "is not a query parameter; use " + String.join(", ", known));
            }
            if (values.size() > 1) {
                throw new InvalidRequestException(name, "is given " + values.size() + " times; give it once");
            }
        });
    }
}
