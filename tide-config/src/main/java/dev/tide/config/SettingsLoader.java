package dev.tide.config;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import org.jspecify.annotations.Nullable;

/**
 * Reads the settings: the defaults, then {@code tide.yaml}, then {@code TIDE_} environment variables, then the
 * command line's flags; the later wins. Everything is checked before anything is opened: an unknown key or a bad value
 * is a {@link SettingsException} of one line.
 *
 * <p>An environment variable that starts with {@code TIDE_} but names no setting is not refused (the environment is
 * shared with other programs, and Spring Boot ignores such variables too), but each is returned as a warning to log,
 * so a misspelt name does not pass silently. Variables Tide uses for other purposes are skipped without a warning
 * ({@link EnvironmentNames#NOT_SETTINGS}), as are those the settings name as secrets ({@code password-env}).
 */
public final class SettingsLoader {
    /** The names of objects in these maps are their keys; a {@code name} inside must agree. */
    private static final List<String> NAMED_MAPS =
            List.of("queues", "task-types", "job-types", "schedules", "processors");

    private SettingsLoader() {}

    /**
     * A value given on the command line.
     *
     * @param key the setting, e.g. {@code tide.server.port}
     * @param option the flag as given, e.g. {@code --port}, which messages name
     * @param value the text given
     */
    public record Flag(String key, String option, String value) {}

    /** The defaults alone, then the file (if any), then the environment, then the flags. */
    public static LoadedSettings load(@Nullable Path file, Map<String, String> environment, List<Flag> flags) {
        String label = file == null ? null : String.valueOf(file.getFileName());
        Origins origins = new Origins(label);
        ObjectNode tide = defaults();
        if (file != null) {
            SettingsTree.merge(tide, fileTree(file, label));
        }
        List<String> warnings = new ArrayList<>();
        environment(tide, environment, origins, warnings, secretVariables(tide));
        for (Flag flag : flags) {
            List<String> path = List.of(flag.key().substring("tide.".length()).split("\\."));
            origins.set(SettingsTree.key(SettingsTree.set(tide, path, flag.value())), flag.option());
        }
        return new LoadedSettings(checked(tide, origins, label, true), origins, List.copyOf(warnings));
    }

    /**
     * The settings of the tree, checked: names of objects, unknown keys, values, and the checks the types alone do not
     * make.
     *
     * @param postgresUrlRequired whether {@code tide.store: postgresql} needs {@code tide.postgres.url} (a program with
     *     a database of its own, a Spring application's {@code DataSource}, may go without)
     */
    static TideSettings checked(ObjectNode tide, Origins origins, @Nullable String label, boolean postgresUrlRequired) {
        nameObjects(tide, origins);
        UnknownKeys.refuse(tide, origins);
        fillBackoffs(tide);
        TideSettings settings;
        try {
            settings = SettingsMapper.MAPPER.treeToValue(tide, TideSettings.class);
        } catch (JsonMappingException e) {
            throw BindingErrors.translate(e, origins);
        } catch (JsonProcessingException e) {
            throw new SettingsException("tide", label + ": " + e.getOriginalMessage());
        }
        SettingsChecks.check(settings, origins, postgresUrlRequired);
        return settings;
    }

    static ObjectNode defaults() {
        try (InputStream in = SettingsLoader.class.getResourceAsStream("defaults.yaml")) {
            return (ObjectNode) SettingsMapper.MAPPER.readTree(in).get("tide");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The file's {@code tide:} tree; a file that is not YAML, or holds anything beside {@code tide}, is refused. */
    private static ObjectNode fileTree(Path file, String label) {
        JsonNode root;
        try {
            root = SettingsMapper.MAPPER.readTree(Files.readString(file));
        } catch (NoSuchFileException e) {
            throw new SettingsException("tide", label + ": no such file (" + file.toAbsolutePath() + ")");
        } catch (JsonProcessingException e) {
            String where = e.getLocation() == null
                    ? ""
                    : " at line " + e.getLocation().getLineNr() + ", column "
                            + e.getLocation().getColumnNr();
            throw new SettingsException("tide", label + ": not valid YAML" + where + ": " + firstLine(e));
        } catch (IOException e) {
            throw new SettingsException("tide", label + ": cannot read it (" + e.getMessage() + ")");
        }
        if (root == null || root.isMissingNode() || root.isNull()) {
            return SettingsTree.object();
        }
        if (!root.isObject()) {
            throw new SettingsException("tide", label + ": the file must hold the key tide and the settings under it");
        }
        for (Iterator<String> keys = root.fieldNames(); keys.hasNext(); ) {
            String key = keys.next();
            if (!key.equals("tide")) {
                throw new SettingsException(key, label + ": unknown key " + key + " (allowed: tide)");
            }
        }
        JsonNode tide = root.get("tide");
        if (tide == null || tide.isNull()) {
            return SettingsTree.object();
        }
        if (!tide.isObject()) {
            throw new SettingsException("tide", label + ": tide: must hold the settings as keys under it");
        }
        return (ObjectNode) tide;
    }

    private static String firstLine(JsonProcessingException e) {
        String message = String.valueOf(e.getOriginalMessage());
        int cut = message.indexOf('\n');
        return (cut < 0 ? message : message.substring(0, cut)).strip();
    }

    /**
     * Lays the {@code TIDE_} variables onto the tree; those in {@code secretNames} (named by {@code password-env}) are
     * not settings and are skipped.
     */
    static void environment(
            ObjectNode tide,
            Map<String, String> environment,
            Origins origins,
            List<String> warnings,
            Collection<String> secretNames) {
        Set<List<String>> listsReplaced = new HashSet<>();
        for (Map.Entry<String, String> variable : new TreeMap<>(environment).entrySet()) {
            String name = variable.getKey();
            if (!name.startsWith(EnvironmentNames.PREFIX)
                    || EnvironmentNames.notASetting(name)
                    || secretNames.contains(name)) {
                continue;
            }
            Optional<List<String>> path = EnvironmentNames.path(name);
            if (path.isPresent()) {
                List<String> steps = path.get();
                List<String> list = steps.subList(0, steps.size() - 1);
                if (SettingsTree.isIndex(steps.get(steps.size() - 1)) && listsReplaced.add(list)) {
                    // as in Spring: items from the environment replace the file's list, they do not patch it
                    SettingsTree.set(tide, wholeList(list), "");
                }
                origins.set(SettingsTree.key(SettingsTree.set(tide, path.get(), variable.getValue())), name);
            } else if (EnvironmentNames.path(name + "_ENV").isPresent()) {
                throw new SettingsException(
                        name,
                        name + ": a secret is never given as a setting's value; name the variable holding it with "
                                + name + "_ENV=VARIABLE, or a file with " + name + "_FILE=/path");
            } else {
                warnings.add("the environment variable " + name + " names no Tide setting and is ignored"
                        + " (settings: docs/operations.md, \"Configuration file\")");
            }
        }
    }

    /** The same path marked as naming a whole list, which the text given replaces ("" empties it). */
    private static List<String> wholeList(List<String> path) {
        List<String> whole = new ArrayList<>(path);
        whole.set(whole.size() - 1, whole.get(whole.size() - 1) + EnvironmentNames.LIST);
        return whole;
    }

    /** The variables the file names as holding secrets ({@code password-env: TIDE_TLS_PASSWORD}): not settings. */
    static List<String> secretVariables(JsonNode node) {
        List<String> names = new ArrayList<>();
        for (Map.Entry<String, JsonNode> field : node.properties()) {
            if (field.getKey().endsWith("-env") && field.getValue().isTextual()) {
                names.add(field.getValue().asText());
            } else if (field.getValue().isContainerNode()) {
                names.addAll(secretVariables(field.getValue()));
            }
        }
        return names;
    }

    /**
     * A task type's or job type's {@code backoff} that gives only some of its fields takes the others from {@code
     * tide.task-defaults.backoff}, the level below it: {@code backoff: {initial: 10s}} keeps the default multiplier,
     * maximum and jitter.
     */
    private static void fillBackoffs(ObjectNode tide) {
        JsonNode base = tide.path("task-defaults").path("backoff");
        if (!base.isObject()) {
            return;
        }
        for (JsonNode type : tide.path("task-types")) {
            fillBackoff(type.path("backoff"), base);
        }
        for (JsonNode type : tide.path("job-types")) {
            fillBackoff(type.path("task-defaults").path("backoff"), base);
        }
    }

    private static void fillBackoff(JsonNode backoff, JsonNode base) {
        if (backoff instanceof ObjectNode given) {
            base.properties().forEach(field -> {
                if (!given.has(field.getKey())) {
                    given.set(field.getKey(), field.getValue().deepCopy());
                }
            });
        }
    }

    /** Each object of a named map takes its key as its name; an empty entry is an object with defaults. */
    private static void nameObjects(ObjectNode tide, Origins origins) {
        for (String map : NAMED_MAPS) {
            JsonNode objects = tide.get(map);
            if (objects == null || !objects.isObject()) {
                continue;
            }
            for (Map.Entry<String, JsonNode> entry : objects.properties()) {
                JsonNode value = entry.getValue();
                if (value.isNull() || value.isTextual() && value.asText().isEmpty()) {
                    value = SettingsTree.object();
                    entry.setValue(value);
                }
                if (!(value instanceof ObjectNode object)) {
                    continue;
                }
                JsonNode name = object.get("name");
                if (name == null) {
                    object.set("name", TextNode.valueOf(entry.getKey()));
                } else if (!name.asText().equals(entry.getKey())) {
                    throw origins.problem(
                            "tide." + map + "." + entry.getKey() + ".name",
                            "'" + name.asText() + "' differs from its key " + entry.getKey()
                                    + "; the key is the name, leave name out");
                }
            }
        }
    }
}
