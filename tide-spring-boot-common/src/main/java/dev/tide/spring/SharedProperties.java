package dev.tide.spring;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.tide.config.SettingsLoader;
import dev.tide.config.TideSettings;
import java.util.Map;
import org.springframework.boot.context.properties.source.ConfigurationProperty;
import org.springframework.boot.context.properties.source.ConfigurationPropertyName;
import org.springframework.boot.context.properties.source.ConfigurationPropertyName.Form;
import org.springframework.boot.context.properties.source.ConfigurationPropertySource;
import org.springframework.boot.context.properties.source.ConfigurationPropertySources;
import org.springframework.boot.context.properties.source.IterableConfigurationPropertySource;
import org.springframework.core.env.ConfigurableEnvironment;

/**
 * The parts of a Spring application's {@code tide.*} properties read with the configuration file's own model ({@code
 * tide-config}): the job types, profiles, schedules and processors it names, and the keeping of events, statistics,
 * blobs and nodes records, and the deadline warning margin. The same names and shapes as in {@code tide.yaml}, the
 * same defaults, and the same refusal, in one line naming the property, of an unknown key or a bad value.
 *
 * <p>Spring's binder cannot give these to the file's model directly (it binds to its own classes), so the properties
 * under those keys are gathered into one tree, the property source of highest precedence winning for each name, as
 * Spring's binder does. The rest of {@code tide.*} is bound to {@link TideProperties}.
 */
final class SharedProperties {
    /** The keys read here, by Spring's uniform form of their names (dashes dropped), and the file's names. */
    private static final Map<String, String> GROUPS = Map.of(
            "jobtypes", "job-types",
            "profiles", "profiles",
            "schedules", "schedules",
            "processors", "processors",
            "events", "events",
            "stats", "stats",
            "deadlines", "deadlines",
            "blobs", "blobs",
            "nodes", "nodes");

    static final String SOURCE = "Spring properties";

    private SharedProperties() {}

    static TideSettings read(ConfigurableEnvironment environment) {
        ObjectNode tree = JsonNodeFactory.instance.objectNode();
        for (ConfigurationPropertySource source : ConfigurationPropertySources.get(environment)) {
            if (source instanceof IterableConfigurationPropertySource iterable) {
                iterable.stream().filter(SharedProperties::isShared).forEach(name -> {
                    ConfigurationProperty property = source.getConfigurationProperty(name);
                    if (property != null && property.getValue() != null) {
                        put(tree, name, value(environment, property.getValue()));
                    }
                });
            }
        }
        return SettingsLoader.fromTree(tree, SOURCE);
    }

    private static boolean isShared(ConfigurationPropertyName name) {
        return name.getNumberOfElements() > 2
                && name.getElement(0, Form.UNIFORM).equals("tide")
                && GROUPS.containsKey(name.getElement(1, Form.UNIFORM));
    }

    /** Sets the value at the name's path under {@code tide}, unless a source of higher precedence has set it. */
    private static void put(ObjectNode tree, ConfigurationPropertyName name, JsonNode value) {
        JsonNode node = tree;
        int last = name.getNumberOfElements() - 1;
        for (int i = 1; i <= last; i++) {
            JsonNode child = i == last ? value : container(name, i + 1);
            if (name.isNumericIndex(i)) {
                ArrayNode array = (ArrayNode) node;
                int index = Integer.parseInt(name.getElement(i, Form.UNIFORM));
                while (array.size() <= index) {
                    array.addNull();
                }
                if (array.get(index).isNull()) {
                    array.set(index, child);
                }
                node = array.get(index);
            } else {
                String key = i == 1 ? GROUPS.get(name.getElement(i, Form.UNIFORM)) : name.getElement(i, Form.DASHED);
                ObjectNode object = (ObjectNode) node;
                if (!object.has(key)) {
                    object.set(key, child);
                }
                node = object.get(key);
            }
            if (i < last && !node.isContainerNode()) {
                return; // a value given where others give an object or a list: the mapper names the property
            }
        }
    }

    private static JsonNode container(ConfigurationPropertyName name, int element) {
        return name.isNumericIndex(element)
                ? JsonNodeFactory.instance.arrayNode()
                : JsonNodeFactory.instance.objectNode();
    }

    /** Text, as environment variables give it: the file's model reads numbers and booleans from text too. */
    private static JsonNode value(ConfigurableEnvironment environment, Object value) {
        return JsonNodeFactory.instance.textNode(environment.resolvePlaceholders(String.valueOf(value)));
    }
}
