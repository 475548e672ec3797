package dev.tide.config;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The settings as another program reads them from a configuration of its own under the same names: a Spring
 * application's property sources ({@code application.yaml}, {@code application.properties}, its environment, its
 * command line), each a {@link Layer}, a later layer winning, as {@code tide server} lays its {@code TIDE_} variables and
 * flags onto {@code tide.yaml}. Environment variables are read exactly as {@code tide server} reads them; properties by
 * Spring's relaxed binding ({@link PropertyNames}). Within a layer objects merge key by key and a list is replaced whole,
 * as Spring binds them. The checks and the one-line refusals are the loader's, naming the source of the value at fault:
 * {@code application.yaml: tide.retention: 'soon' is not a duration or forever (...)}.
 */
public final class LayeredSettings {
    private LayeredSettings() {}

    /** One source of settings: properties, or environment variables. */
    public sealed interface Layer permits Properties, Variables {}

    /** The properties of one source. */
    public record Properties(List<Property> properties) implements Layer {
        public Properties {
            properties = List.copyOf(properties);
        }
    }

    /**
     * One property.
     *
     * @param name the elements of its name after {@code tide}, as written ({@code [task-types, email, maxAttempts]}),
     *     an item of a list as {@code [0]}
     * @param origin where it was written, as messages name it: {@code application.yaml}, {@code --tide.retention}
     */
    public record Property(List<String> name, String value, String origin) {
        public Property {
            name = List.copyOf(name);
        }
    }

    /** Environment variables; those whose name starts with {@code TIDE_} are read. */
    public record Variables(Map<String, String> variables) implements Layer {
        public Variables {
            variables = Map.copyOf(variables);
        }
    }

    /**
     * How a program reads the settings.
     *
     * @param label names the source where none set the value at fault ({@code Spring properties})
     * @param ownKeys keys the program reads itself ({@code tide.workers}): left out here, neither refused nor warned of
     * @param unreadKeys keys of {@code tide server}'s that the program has no use for: refused when given
     * @param unreadReason what the refusal of an unread key says
     * @param postgresUrlRequired whether {@code tide.store: postgresql} needs {@code tide.postgres.url}, or the program
     *     has a database of its own to use without one
     */
    public record Reader(
            String label,
            List<String> ownKeys,
            List<String> unreadKeys,
            String unreadReason,
            boolean postgresUrlRequired) {
        public Reader {
            ownKeys = List.copyOf(ownKeys);
            unreadKeys = List.copyOf(unreadKeys);
        }
    }

    /**
     * The defaults, then each layer in turn, checked.
     *
     * @param layers the sources from the lowest precedence to the highest
     * @throws SettingsException one line naming the key at fault and where its value came from
     */
    public static LoadedSettings load(List<Layer> layers, Reader reader) {
        List<Laid> laid = new ArrayList<>(layers.size());
        Set<String> secretNames = new LinkedHashSet<>();
        for (Layer layer : layers) {
            Laid one = layer instanceof Properties properties ? lay(properties, reader) : null;
            laid.add(one);
            if (one != null) {
                // a variable that holds a secret is no setting, whichever layer names it
                secretNames.addAll(SettingsLoader.secretVariables(one.tree()));
            }
        }
        Origins origins = new Origins(reader.label());
        ObjectNode tide = SettingsLoader.defaults();
        List<String> warnings = new ArrayList<>();
        for (int i = 0; i < layers.size(); i++) {
            if (layers.get(i) instanceof Variables variables) {
                SettingsLoader.environment(tide, settingsOf(variables, reader), origins, warnings, secretNames);
            } else {
                SettingsTree.merge(tide, laid.get(i).tree());
                laid.get(i).origins().forEach(origins::set);
            }
        }
        for (String key : reader.unreadKeys()) {
            origins.given(key).ifPresent(given -> {
                throw origins.problem(given, reader.unreadReason());
            });
        }
        TideSettings settings = SettingsLoader.checked(tide, origins, reader.label(), reader.postgresUrlRequired());
        return new LoadedSettings(settings, origins, List.copyOf(warnings));
    }

    /** A layer of properties as a tree, and the origin of each key it sets. */
    private record Laid(ObjectNode tree, Map<String, String> origins) {}

    private static Laid lay(Properties properties, Reader reader) {
        ObjectNode tree = SettingsTree.object();
        Map<String, String> origins = new LinkedHashMap<>();
        for (Property property : properties.properties()) {
            if (property.name().isEmpty()
                    || reader.ownKeys().stream().anyMatch(key -> PropertyNames.isUnder(property.name(), key))) {
                continue;
            }
            List<String> used = SettingsTree.set(tree, PropertyNames.path(property.name()), property.value());
            origins.put(SettingsTree.key(used), property.origin());
        }
        return new Laid(tree, origins);
    }

    private static Map<String, String> settingsOf(Variables variables, Reader reader) {
        Map<String, String> settings = new LinkedHashMap<>(variables.variables());
        settings.keySet()
                .removeIf(name -> reader.ownKeys().stream().anyMatch(key -> EnvironmentNames.isUnder(name, key)));
        return settings;
    }
}
