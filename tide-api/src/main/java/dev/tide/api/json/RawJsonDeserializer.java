package dev.tide.api.json;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.JsonDeserializer;
import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import org.jspecify.annotations.Nullable;

/**
 * Reads any JSON value (object, array, string, number) into its compact JSON text, so payloads stay opaque strings in
 * Java and plain JSON on the wire. Paired with {@code @JsonRawValue} for writing.
 */
public final class RawJsonDeserializer extends JsonDeserializer<String> {
    @Override
    public @Nullable String deserialize(JsonParser parser, DeserializationContext context) throws IOException {
        JsonNode node = parser.readValueAsTree();
        return node == null ? null : node.toString();
    }

    @Override
    public @Nullable String getNullValue(DeserializationContext context) {
        return null;
    }
}
