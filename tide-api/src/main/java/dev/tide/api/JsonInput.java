package dev.tide.api;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import dev.tide.api.json.Json;

/**
 * JSON text that a caller gives in a request field. Here rather than in {@link Json}, so that the JSON package stays
 * below the API types that use it and knows nothing of request errors.
 */
public final class JsonInput {
    private JsonInput() {}

    /**
     * Checks that {@code text} is one JSON value and returns it in compact form, so equal documents written with
     * different whitespace compare equal (idempotency keys compare payloads this way).
     *
     * @throws InvalidRequestException naming {@code field} when the text is not JSON
     */
    public static String normalize(String field, String text) {
        if (text == null) {
            return null;
        }
        try {
            JsonNode node = Json.mapper().readTree(text);
            if (node == null || node.isMissingNode()) {
                throw new InvalidRequestException(field, "is empty; send a JSON value (e.g. {} or null)");
            }
            return Json.mapper().writeValueAsString(node);
        } catch (JsonProcessingException e) {
            throw new InvalidRequestException(field, "is not valid JSON: " + e.getOriginalMessage());
        }
    }
}
