package dev.tide.config;

import com.fasterxml.jackson.databind.JavaType;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * Which setting a property names, when another program hands over its configuration under the settings' names (a
 * Spring application's {@code tide.*} properties, split into elements by Spring): each element is matched to a key of
 * the settings in any of the forms Spring's relaxed binding accepts ({@code max-attempts}, {@code maxAttempts}, {@code
 * max_attempts}); the keys of a map (a queue's name) and of free JSON (a schedule's payload) stay as written; {@code [0]}
 * is an item of a list. As with a {@code TIDE_} variable, a list of plain values also takes text separated by commas.
 * An element that names no key is kept as written, for the loader to refuse as unknown.
 */
final class PropertyNames {
    private PropertyNames() {}

    /**
     * The path under {@code tide} of the property whose elements after {@code tide} are {@code elements}; its last step
     * ends in {@link EnvironmentNames#LIST} where it names a whole list of plain values.
     */
    static List<String> path(List<String> elements) {
        JavaType type = SettingsMapper.MAPPER.constructType(TideSettings.class);
        List<String> path = new ArrayList<>(elements.size());
        for (String element : elements) {
            if (type == null || SettingsTree.isIndex(element)) {
                path.add(element);
                type = type != null && type.isCollectionLikeType() ? type.getContentType() : null;
            } else if (Map.class.isAssignableFrom(type.getRawClass())) {
                path.add(element);
                type = type.getContentType();
            } else if (EnvironmentNames.group(type.getRawClass())) {
                Map.Entry<String, JavaType> key = key(type, element);
                path.add(key == null ? element : key.getKey());
                type = key == null ? null : key.getValue();
            } else {
                path.add(element); // free JSON below a value (a payload), or a key the loader refuses
                type = null;
            }
        }
        if (type != null
                && Collection.class.isAssignableFrom(type.getRawClass())
                && !EnvironmentNames.group(type.getContentType().getRawClass())) {
            path.set(path.size() - 1, path.get(path.size() - 1) + EnvironmentNames.LIST);
        }
        return path;
    }

    /** Whether the property is {@code key} or under it ({@code tide.workers} holds {@code tide.workers.pool-size}). */
    static boolean isUnder(List<String> elements, String key) {
        String[] steps = key.substring("tide.".length()).split("\\.");
        if (elements.size() < steps.length) {
            return false;
        }
        for (int i = 0; i < steps.length; i++) {
            if (!uniform(elements.get(i)).equals(uniform(steps[i]))) {
                return false;
            }
        }
        return true;
    }

    private static Map.@Nullable Entry<String, JavaType> key(JavaType group, String element) {
        String wanted = uniform(element);
        for (Map.Entry<String, JavaType> key : UnknownKeys.properties(group).entrySet()) {
            if (uniform(key.getKey()).equals(wanted)) {
                return key;
            }
        }
        return null;
    }

    /** The form in which Spring compares names: lower case, without dashes and underscores. */
    private static String uniform(String element) {
        return element.toLowerCase(Locale.ROOT).replace("-", "").replace("_", "");
    }
}
