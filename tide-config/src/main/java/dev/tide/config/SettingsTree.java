package dev.tide.config;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** The settings as one tree of names under {@code tide}, layered: defaults, then the file, environment and flags. */
final class SettingsTree {
    private SettingsTree() {}

    /** Lays {@code over} onto {@code base}: objects merge key by key, anything else replaces; a null leaves an object. */
    static void merge(ObjectNode base, ObjectNode over) {
        for (Map.Entry<String, JsonNode> field : over.properties()) {
            JsonNode below = base.get(field.getKey());
            JsonNode value = field.getValue();
            if (below instanceof ObjectNode belowObject && value instanceof ObjectNode valueObject) {
                merge(belowObject, valueObject);
            } else if (below instanceof ObjectNode && value.isNull()) {
                // "server:" with nothing under it: nothing is set, the defaults stay
            } else {
                base.set(field.getKey(), value.deepCopy());
            }
        }
    }

    /**
     * Sets the text {@code value} at {@code path} under {@code root}, making objects on the way. A map key matches an
     * existing key written with {@code -} or {@code .} where the path has {@code _}, in any case; the key actually
     * used is returned in the path.
     */
    static List<String> set(ObjectNode root, List<String> path, String value) {
        List<String> used = new ArrayList<>(path.size());
        ObjectNode node = root;
        for (int i = 0; i < path.size() - 1; i++) {
            String step = existingKey(node, path.get(i));
            used.add(step);
            String next = path.get(i + 1);
            JsonNode child = node.get(step);
            if (next.matches("\\d+") && i + 1 == path.size() - 1) {
                ArrayNode list = child instanceof ArrayNode a ? a : node.putArray(step);
                int index = Integer.parseInt(next);
                while (list.size() <= index) {
                    list.addNull();
                }
                list.set(index, TextNode.valueOf(value));
                used.add(next);
                return used;
            }
            node = child instanceof ObjectNode o ? o : node.putObject(step);
        }
        String last = path.get(path.size() - 1);
        if (last.endsWith(EnvironmentNames.LIST)) {
            String key = existingKey(node, last.substring(0, last.length() - EnvironmentNames.LIST.length()));
            ArrayNode list = node.putArray(key);
            for (String item : value.split(",")) {
                if (!item.isBlank()) {
                    list.add(item.strip());
                }
            }
            used.add(key);
        } else {
            String key = existingKey(node, last);
            node.set(key, TextNode.valueOf(value));
            used.add(key);
        }
        return used;
    }

    private static String existingKey(ObjectNode node, String key) {
        if (node.has(key)) {
            return key;
        }
        String wanted = normalized(key);
        for (Iterator<String> names = node.fieldNames(); names.hasNext(); ) {
            String name = names.next();
            if (normalized(name).equals(wanted)) {
                return name;
            }
        }
        return key;
    }

    private static String normalized(String key) {
        return key.toLowerCase(Locale.ROOT).replaceAll("[-._]", "");
    }

    static ObjectNode object() {
        return JsonNodeFactory.instance.objectNode();
    }

    /** A path as one key: {@code tide.digest.recipients[0]}. */
    static String key(List<String> path) {
        StringBuilder key = new StringBuilder("tide");
        for (String step : path) {
            if (step.matches("\\d+")) {
                key.append('[').append(step).append(']');
            } else {
                key.append('.').append(step.replace(EnvironmentNames.LIST, ""));
            }
        }
        return key.toString();
    }
}
