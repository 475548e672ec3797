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
            } else if (below instanceof ObjectNode
                    && (value.isNull() || value.isTextual() && value.asText().isEmpty())) {
                // "server:" with nothing under it: nothing is set, the defaults stay
            } else {
                base.set(field.getKey(), value.deepCopy());
            }
        }
    }

    /**
     * Sets the text {@code value} at {@code path} under {@code root}, making objects and lists on the way ({@code [0]}
     * is an item of a list). A map key matches an existing key written with {@code -} or {@code .} where the path has
     * {@code _}, in any case; the key actually used is returned in the path. Empty text where an object or a list is
     * leaves it as it is ({@code reports:} with nothing after it is a queue with every default).
     */
    static List<String> set(ObjectNode root, List<String> path, String value) {
        List<String> used = new ArrayList<>(path.size());
        JsonNode node = root;
        for (int i = 0; i < path.size(); i++) {
            String step = path.get(i);
            boolean last = i == path.size() - 1;
            if (isIndex(step)) {
                ArrayNode list = (ArrayNode) node;
                int index = index(step);
                while (list.size() <= index) {
                    list.addNull();
                }
                used.add(step);
                JsonNode child = last ? text(list.get(index), value) : container(list.get(index), path.get(i + 1));
                list.set(index, child);
                node = child;
            } else if (last && step.endsWith(EnvironmentNames.LIST)) {
                String key = existingKey(
                        (ObjectNode) node, step.substring(0, step.length() - EnvironmentNames.LIST.length()));
                ArrayNode list = ((ObjectNode) node).putArray(key);
                for (String item : value.split(",")) {
                    if (!item.isBlank()) {
                        list.add(item.strip());
                    }
                }
                used.add(key);
            } else {
                ObjectNode object = (ObjectNode) node;
                String key = existingKey(object, step);
                used.add(key);
                JsonNode child = last ? text(object.get(key), value) : container(object.get(key), path.get(i + 1));
                object.set(key, child);
                node = child;
            }
        }
        return used;
    }

    /** Whether a step of a path is an item of a list: {@code [0]}. */
    static boolean isIndex(String step) {
        return step.length() > 2
                && step.charAt(0) == '['
                && step.endsWith("]")
                && step.substring(1, step.length() - 1).chars().allMatch(Character::isDigit);
    }

    static String index(int index) {
        return "[" + index + "]";
    }

    private static int index(String step) {
        return Integer.parseInt(step.substring(1, step.length() - 1));
    }

    /** What the path goes on through: the existing list or object, else a new one of the kind the next step needs. */
    private static JsonNode container(JsonNode existing, String next) {
        if (isIndex(next)) {
            return existing instanceof ArrayNode ? existing : JsonNodeFactory.instance.arrayNode();
        }
        return existing instanceof ObjectNode ? existing : object();
    }

    private static JsonNode text(JsonNode existing, String value) {
        return value.isEmpty() && existing != null && existing.isContainerNode() ? existing : TextNode.valueOf(value);
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
            if (isIndex(step)) {
                key.append(step);
            } else {
                key.append('.').append(step.replace(EnvironmentNames.LIST, ""));
            }
        }
        return key.toString();
    }
}
