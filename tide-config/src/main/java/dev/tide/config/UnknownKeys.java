package dev.tide.config;

import com.fasterxml.jackson.databind.BeanDescription;
import com.fasterxml.jackson.databind.JavaType;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.introspect.BeanPropertyDefinition;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Finds a key no setting has, before the tree is bound. Jackson finds them too, but for an object made by a creator
 * it reports an unknown key only after the object was made, so a record's own check ("needs at least one day") would
 * hide the misspelt key that caused it ({@code dayz}). The keys allowed are those Jackson itself would bind.
 */
final class UnknownKeys {
    private final Origins origins;

    private UnknownKeys(Origins origins) {
        this.origins = origins;
    }

    static void refuse(JsonNode tide, Origins origins) {
        new UnknownKeys(origins).walk(tide, SettingsMapper.MAPPER.constructType(TideSettings.class), "tide");
    }

    private void walk(JsonNode node, JavaType type, String key) {
        if (node == null || node.isNull()) {
            return;
        }
        Class<?> raw = type.getRawClass();
        if (Map.class.isAssignableFrom(raw)) {
            if (node.isObject()) {
                node.properties().forEach(e -> walk(e.getValue(), type.getContentType(), key + "." + e.getKey()));
            }
            return;
        }
        if (Collection.class.isAssignableFrom(raw)) {
            if (node.isArray()) {
                for (int i = 0; i < node.size(); i++) {
                    walk(node.get(i), type.getContentType(), key + "[" + i + "]");
                }
            }
            return;
        }
        if (!EnvironmentNames.group(raw) || !node.isObject()) {
            return;
        }
        Map<String, JavaType> known = properties(type);
        for (Map.Entry<String, JsonNode> field : node.properties()) {
            JavaType below = known.get(field.getKey());
            if (below == null) {
                if (BindingErrors.SECRET_KEYS.contains(field.getKey())) {
                    throw origins.problem(key + "." + field.getKey(), BindingErrors.inlineSecret(field.getKey()));
                }
                throw origins.unknown(
                        key + "." + field.getKey(), BindingErrors.allowed(raw, new ArrayList<>(known.keySet())));
            }
            walk(field.getValue(), below, key + "." + field.getKey());
        }
    }

    /** The keys of a record of settings as Jackson binds them, with their types. */
    static Map<String, JavaType> properties(JavaType type) {
        BeanDescription description =
                SettingsMapper.MAPPER.getDeserializationConfig().introspect(type);
        Map<String, JavaType> known = new LinkedHashMap<>();
        List<BeanPropertyDefinition> properties = description.findProperties();
        for (BeanPropertyDefinition property : properties) {
            known.put(property.getName(), property.getPrimaryType());
        }
        return known;
    }
}
