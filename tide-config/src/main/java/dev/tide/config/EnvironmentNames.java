package dev.tide.config;

import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.RecordComponent;
import java.lang.reflect.Type;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

/**
 * Which setting a {@code TIDE_} environment variable names, by Spring Boot's relaxed binding: upper case, dots as
 * {@code _}, dashes dropped ({@code TIDE_TASKDEFAULTS_MAXATTEMPTS} is {@code tide.task-defaults.max-attempts}); dashes
 * written as {@code _} are accepted too ({@code TIDE_TASK_DEFAULTS_MAX_ATTEMPTS}). A list item is {@code _0_}
 * ({@code TIDE_DIGEST_RECIPIENTS_0_}); the list itself takes text separated by commas. A map's key is the text between
 * the map and a field of its objects, lower-cased ({@code TIDE_QUEUES_EMAILS_DISCIPLINE}).
 *
 * <p>Variables Tide uses for other things are not settings and are skipped: {@link #NOT_SETTINGS} and the prefixes
 * {@link #NOT_SETTINGS_PREFIXES} (the test suites').
 */
final class EnvironmentNames {
    static final String PREFIX = "TIDE_";

    /** The CLI's token, the launcher's JDK and options, and what exec handlers hand their commands. */
    static final Set<String> NOT_SETTINGS = Set.of(
            "TIDE_TOKEN",
            "TIDE_JAVA_HOME",
            "TIDE_JAVA_OPTS",
            "TIDE_TASK_ID",
            "TIDE_TASK_TYPE",
            "TIDE_TASK_QUEUE",
            "TIDE_TASK_OWNER",
            "TIDE_TASK_ATTEMPT",
            "TIDE_TASK_BUDGET",
            "TIDE_JOB_ID");

    static final List<String> NOT_SETTINGS_PREFIXES = List.of("TIDE_TEST_", "TIDE_REQUIRE_", "TIDE_BENCH_");

    /** Marks the last step of a path that names a whole list, given as comma-separated text. */
    static final String LIST = "[]";

    private static final PropertyNamingStrategies.KebabCaseStrategy KEBAB =
            new PropertyNamingStrategies.KebabCaseStrategy();

    private EnvironmentNames() {}

    static boolean notASetting(String variable) {
        return NOT_SETTINGS.contains(variable) || NOT_SETTINGS_PREFIXES.stream().anyMatch(variable::startsWith);
    }

    /**
     * The path the variable names under {@code tide} (e.g. {@code [server, port]}, {@code [digest, recipients, [0]]}),
     * or empty when it names no setting. A last step ending in {@link #LIST} names a whole list, comma-separated.
     */
    static Optional<List<String>> path(String variable) {
        if (!variable.startsWith(PREFIX)) {
            return Optional.empty();
        }
        return match(TideSettings.class, variable.substring(PREFIX.length()));
    }

    private static Optional<List<String>> match(Type type, String rest) {
        Class<?> raw = raw(type);
        if (group(raw)) {
            for (RecordComponent component : raw.getRecordComponents()) {
                String name = KEBAB.translate(component.getName());
                for (String form : forms(name)) {
                    if (rest.equals(form) && leafOrList(component.getGenericType())) {
                        return Optional.of(List.of(isList(component.getGenericType()) ? name + LIST : name));
                    }
                    if (rest.startsWith(form + "_")) {
                        Optional<List<String>> below =
                                match(component.getGenericType(), rest.substring(form.length() + 1));
                        if (below.isPresent()) {
                            return Optional.of(prepend(name, below.get()));
                        }
                    }
                }
            }
            return Optional.empty();
        }
        if (java.util.Map.class.isAssignableFrom(raw)) {
            Type value = ((ParameterizedType) type).getActualTypeArguments()[1];
            String[] tokens = rest.split("_");
            for (int k = 1; k < tokens.length; k++) {
                String key = String.join("_", List.of(tokens).subList(0, k)).toLowerCase(Locale.ROOT);
                String below = String.join("_", List.of(tokens).subList(k, tokens.length));
                Optional<List<String>> found = match(value, below);
                if (found.isPresent()) {
                    return Optional.of(prepend(key, found.get()));
                }
            }
            return Optional.empty();
        }
        if (List.class.isAssignableFrom(raw) || Set.class.isAssignableFrom(raw)) {
            // an item: "0" or "0_" (Spring writes TIDE_LIST_0_), of a list of plain values
            String index = rest.endsWith("_") ? rest.substring(0, rest.length() - 1) : rest;
            Type item = ((ParameterizedType) type).getActualTypeArguments()[0];
            return index.matches("\\d{1,4}") && !group(raw(item))
                    ? Optional.of(List.of(SettingsTree.index(Integer.parseInt(index))))
                    : Optional.empty();
        }
        return Optional.empty();
    }

    /**
     * Whether the variable names {@code key} or a key under it, in any of the forms a variable takes: {@code
     * TIDE_TESTSUPPORT_ENABLED} and {@code TIDE_TEST_SUPPORT_ENABLED} are under {@code tide.test-support}.
     */
    static boolean isUnder(String variable, String key) {
        List<String> steps = List.of(key.substring("tide.".length()).split("\\."));
        return variable.startsWith(PREFIX) && isUnder(variable.substring(PREFIX.length()), steps);
    }

    private static boolean isUnder(String rest, List<String> steps) {
        for (String form : forms(steps.get(0))) {
            if (rest.equals(form)) {
                return steps.size() == 1;
            }
            if (rest.startsWith(form + "_")
                    && (steps.size() == 1
                            || isUnder(rest.substring(form.length() + 1), steps.subList(1, steps.size())))) {
                return true;
            }
        }
        return false;
    }

    /** {@code max-attempts} as {@code MAXATTEMPTS} (Spring's form) and {@code MAX_ATTEMPTS}. */
    private static List<String> forms(String kebab) {
        String upper = kebab.toUpperCase(Locale.ROOT);
        String joined = upper.replace("-", "");
        String underscored = upper.replace('-', '_');
        return joined.equals(underscored) ? List.of(joined) : List.of(underscored, joined);
    }

    /** A value an environment variable can give: no object, but a list as comma-separated text. */
    private static boolean leafOrList(Type type) {
        Class<?> raw = raw(type);
        return !group(raw) && !java.util.Map.class.isAssignableFrom(raw);
    }

    /** A record of keys; the records that are values written as text ({@code 7d}, {@code 1MB}) are not. */
    static boolean group(Class<?> raw) {
        return raw.isRecord() && raw != Lifetime.class && raw != DataSize.class;
    }

    static boolean isList(Type type) {
        Class<?> raw = raw(type);
        return List.class.isAssignableFrom(raw) || Set.class.isAssignableFrom(raw);
    }

    private static Class<?> raw(Type type) {
        return type instanceof ParameterizedType p ? (Class<?>) p.getRawType() : (Class<?>) type;
    }

    private static List<String> prepend(String head, List<String> tail) {
        List<String> all = new ArrayList<>(tail.size() + 1);
        all.add(head);
        all.addAll(tail);
        return all;
    }
}
