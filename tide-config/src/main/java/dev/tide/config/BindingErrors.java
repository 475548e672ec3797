package dev.tide.config;

import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.exc.InvalidFormatException;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import com.fasterxml.jackson.databind.exc.UnrecognizedPropertyException;
import com.fasterxml.jackson.databind.exc.ValueInstantiationException;
import dev.tide.api.InvalidRequestException;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

/** Jackson's refusals of the settings tree, as one line each naming the key and what it takes. */
final class BindingErrors {
    /** Keys that would hold a secret inline; they are taken only by reference ({@code -env}, {@code -file}). */
    static final Set<String> SECRET_KEYS =
            Set.of("password", "secret", "secret-key", "access-key", "token", "passphrase", "credentials");

    private BindingErrors() {}

    static SettingsException translate(JsonMappingException e, Origins origins) {
        String key = key(e.getPath());
        if (e instanceof UnrecognizedPropertyException unknown) {
            String name = unknown.getPropertyName();
            if (SECRET_KEYS.contains(name)) {
                return origins.problem(key, inlineSecret(name));
            }
            return origins.unknown(key, allowed(unknown.getReferringClass(), unknown.getKnownPropertyIds()));
        }
        if (e instanceof SettingsMapper.ValueProblem) {
            return origins.problem(key, e.getOriginalMessage());
        }
        if (e instanceof ValueInstantiationException made) {
            return instantiation(key, made.getCause(), origins);
        }
        if (e instanceof InvalidFormatException bad) {
            return origins.problem(key, "'" + bad.getValue() + "' " + takes(bad.getTargetType()));
        }
        if (e instanceof MismatchedInputException mismatched && mismatched.getTargetType() != null) {
            return origins.problem(key, "is not " + article(mismatched.getTargetType()));
        }
        return origins.problem(key, e.getOriginalMessage());
    }

    /** Why {@code name: value} is refused, and the two forms that are not. */
    static String inlineSecret(String name) {
        return "a secret is never written in the settings; give " + name + "-env: VARIABLE (the environment variable"
                + " holding it) or " + name + "-file: /path (a file holding it)";
    }

    /** A record's constructor refused the object: its field in kebab-case, under the object's key. */
    private static SettingsException instantiation(String key, Throwable cause, Origins origins) {
        if (cause instanceof InvalidRequestException invalid) {
            String problem = invalid.getMessage().substring(invalid.field().length() + 2);
            return origins.problem(key + below(key, kebab(invalid.field())), problem);
        }
        return origins.problem(key, cause == null ? "is not valid" : cause.getMessage());
    }

    /**
     * The field a record named, under the key Jackson reached: nothing when the key is that field already (an enum's
     * own parse), the last step when the record named itself too ({@code entries.office.days} under {@code
     * entries[0]}), else the field.
     */
    private static String below(String key, String field) {
        String last = key.substring(Math.max(key.lastIndexOf('.'), 0) + 1).replaceAll("\\[\\d+]$", "");
        if (field.equals(last)) {
            return "";
        }
        if (field.startsWith(last + ".")) {
            return "." + field.substring(field.lastIndexOf('.') + 1);
        }
        return "." + field;
    }

    private static String takes(Class<?> type) {
        if (type.isEnum()) {
            return "is not one of: "
                    + Arrays.stream(type.getEnumConstants())
                            .map(c -> c.toString().toLowerCase(java.util.Locale.ROOT))
                            .collect(Collectors.joining(", "));
        }
        return "is not " + article(type);
    }

    private static String article(Class<?> type) {
        if (type == int.class || type == Integer.class || type == long.class || type == Long.class) {
            return "a whole number";
        }
        if (type == boolean.class || type == Boolean.class) {
            return "true or false";
        }
        if (type == double.class || type == Double.class) {
            return "a number";
        }
        if (type == String.class) {
            return "text";
        }
        if (java.util.Map.class.isAssignableFrom(type) || type.isRecord()) {
            return "a group of keys";
        }
        if (Collection.class.isAssignableFrom(type)) {
            return "a list";
        }
        return "a " + type.getSimpleName();
    }

    /** The keys of a record in the order it declares them (Jackson's own list is in no order). */
    static String allowed(Class<?> type, Collection<Object> known) {
        if (type != null && type.isRecord()) {
            return Arrays.stream(type.getRecordComponents())
                    .map(c -> kebab(c.getName()))
                    .filter(name -> known.contains(name))
                    .collect(Collectors.joining(", "));
        }
        return known.stream().map(String::valueOf).sorted().collect(Collectors.joining(", "));
    }

    /** {@code tide.server.port}, {@code tide.profiles.x.entries[0].days}. */
    static String key(List<JsonMappingException.Reference> path) {
        StringBuilder key = new StringBuilder("tide");
        for (JsonMappingException.Reference step : path) {
            if (step.getFieldName() != null) {
                key.append('.').append(step.getFieldName());
            } else if (step.getIndex() >= 0) {
                key.append('[').append(step.getIndex()).append(']');
            }
        }
        return key.toString();
    }

    /** {@code maxPendingPerUser} as {@code max-pending-per-user}; dotted paths step by step. */
    static String kebab(String camel) {
        return camel.replaceAll("([a-z0-9])([A-Z])", "$1-$2").toLowerCase(java.util.Locale.ROOT);
    }
}
