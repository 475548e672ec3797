package dev.tide.api;

import dev.tide.api.json.Json;
import org.jspecify.annotations.Nullable;

/**
 * JSON text that a caller gives in a request field. Here rather than in {@link Json}, so that the JSON package stays
 * below the API types that use it and knows nothing of request errors.
 */
public final class JsonInput {
    private JsonInput() {}

    /**
     * Checks that {@code text} is one JSON value and returns it in compact form ({@link Json#compact}), so equal
     * documents written with different whitespace compare equal (idempotency keys compare payloads this way).
     *
     * @throws InvalidRequestException naming {@code field} when the text is not JSON
     */
    public static @Nullable String normalize(String field, @Nullable String text) {
        try {
            return Json.compact(text);
        } catch (Json.NotJsonException e) {
            throw new InvalidRequestException(field, e.reason());
        }
    }
}
