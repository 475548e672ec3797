package dev.tide.server;

import com.fasterxml.jackson.databind.JsonNode;
import dev.tide.api.InvalidRequestException;
import java.util.Iterator;
import java.util.Map;

/**
 * Text in a request must be Unicode: a JSON escape may spell half a surrogate pair ({@code "\ud800"}), which Java
 * strings hold but UTF-8 cannot. Stored, it would break every answer that carries it (the UTF-8 writer gives up
 * mid-answer) and PostgreSQL refuses it; so it is refused here, naming where it stands.
 */
final class UnicodeText {
    private UnicodeText() {}

    static void require(JsonNode node) {
        require(node, "");
    }

    private static void require(JsonNode node, String path) {
        if (node.isTextual()) {
            check(path.isEmpty() ? "body" : path, node.textValue());
        } else if (node.isArray()) {
            for (int i = 0; i < node.size(); i++) {
                require(node.get(i), path + "[" + i + "]");
            }
        } else if (node.isObject()) {
            for (Iterator<Map.Entry<String, JsonNode>> it = node.properties().iterator(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> field = it.next();
                String at = path.isEmpty() ? field.getKey() : path + "." + field.getKey();
                check(at, field.getKey());
                require(field.getValue(), at);
            }
        }
    }

    private static void check(String field, String text) {
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (Character.isHighSurrogate(c) && i + 1 < text.length() && Character.isLowSurrogate(text.charAt(i + 1))) {
                i++;
            } else if (Character.isSurrogate(c)) {
                throw new InvalidRequestException(
                        field,
                        String.format("has an unpaired surrogate (\\u%04x) at %d: text must be Unicode", (int) c, i));
            }
        }
    }
}
