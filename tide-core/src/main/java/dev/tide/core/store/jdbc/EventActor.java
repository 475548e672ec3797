package dev.tide.core.store.jdbc;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import dev.tide.api.json.Json;
import java.io.IOException;

/**
 * The actor an event's detail names (its top-level {@code "actor"} text field), kept in a column of its own so that a
 * person's acts are found through an index. Read with a streaming parser that stops at the field: the writers that name
 * an actor put it first.
 */
final class EventActor {
    private EventActor() {}

    /** The actor, or null when the detail names none (or is not a JSON object). */
    static String of(String detail) {
        if (detail == null || !detail.contains("\"actor\"")) {
            return null;
        }
        try (JsonParser p = Json.mapper().getFactory().createParser(detail)) {
            if (p.nextToken() != JsonToken.START_OBJECT) {
                return null;
            }
            for (JsonToken t = p.nextToken(); t == JsonToken.FIELD_NAME; t = p.nextToken()) {
                String name = p.currentName();
                JsonToken value = p.nextToken();
                if (name.equals("actor")) {
                    return value == JsonToken.VALUE_STRING ? p.getText() : null;
                }
                p.skipChildren();
            }
            return null;
        } catch (IOException e) {
            return null;
        }
    }
}
