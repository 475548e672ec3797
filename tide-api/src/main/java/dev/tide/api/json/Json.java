package dev.tide.api.json;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.MapperFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectReader;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.cfg.CoercionAction;
import com.fasterxml.jackson.databind.cfg.CoercionInputShape;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.type.LogicalType;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.jspecify.annotations.Nullable;

/**
 * The one JSON configuration Tide uses everywhere: ISO-8601 instants and durations, nulls omitted.
 *
 * <p>{@link #strict()} refuses unknown fields (the server reads requests with it, so a misspelt field is a 400, not a
 * silent default), a key given twice in one object, and every coercion between JSON types: {@code "3"} is not a number,
 * {@code 5} not a string, {@code "true"} not a boolean, {@code ""} not an absent value. {@link #mapper()} ignores
 * unknown fields (clients read responses with it, so a newer server can add fields).
 */
public final class Json {
    private static final ObjectMapper LENIENT = build(false);
    private static final ObjectMapper STRICT = build(true);
    /**
     * A reader per type, its deserializer found once: {@code mapper.readValue(text, type)} resolves the type and looks
     * its deserializer up on every call, which a drain profile showed per task payload. (A ClassValue missed its fast
     * path on JDK 25 in the same profile.) Payload types are few, and the mapper's own caches hold them as well.
     */
    private static final Map<Class<?>, ObjectReader> READERS = new ConcurrentHashMap<>();

    private Json() {}

    private static ObjectMapper build(boolean strict) {
        JsonMapper.Builder builder = JsonMapper.builder()
                .addModule(new JavaTimeModule())
                .disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS)
                .disable(SerializationFeature.WRITE_DURATIONS_AS_TIMESTAMPS)
                .configure(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, strict)
                .enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES)
                // what the deprecated serializationInclusion(NON_NULL) set: nulls omitted, and null map values
                .defaultPropertyInclusion(
                        JsonInclude.Value.construct(JsonInclude.Include.NON_NULL, JsonInclude.Include.NON_NULL));
        if (strict) {
            builder.addModule(TextOnlyEnums.module())
                    .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
                    .enable(DeserializationFeature.FAIL_ON_READING_DUP_TREE_KEY)
                    .enable(DeserializationFeature.FAIL_ON_NUMBERS_FOR_ENUMS)
                    // numbers, booleans and times from any other JSON type
                    .disable(MapperFeature.ALLOW_COERCION_OF_SCALARS)
                    // text from a number or a boolean: that one is not a "scalar" coercion to Jackson
                    .withCoercionConfig(
                            LogicalType.Textual,
                            text -> text.setCoercion(CoercionInputShape.Integer, CoercionAction.Fail)
                                    .setCoercion(CoercionInputShape.Float, CoercionAction.Fail)
                                    .setCoercion(CoercionInputShape.Boolean, CoercionAction.Fail))
                    // "" is not "absent" for a number, a time or an object
                    .withCoercionConfigDefaults(
                            any -> any.setCoercion(CoercionInputShape.EmptyString, CoercionAction.Fail));
        }
        return builder.build();
    }

    public static ObjectMapper mapper() {
        return LENIENT;
    }

    public static ObjectMapper strict() {
        return STRICT;
    }

    /** Serializes any value to compact JSON text. */
    public static String write(Object value) {
        try {
            return LENIENT.writeValueAsString(value);
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException(
                    "not serializable to JSON: " + value.getClass().getName(), e);
        }
    }

    /** Reads JSON text into the given type. */
    public static <T> T read(String json, Class<T> type) {
        try {
            return READERS.computeIfAbsent(type, LENIENT::readerFor).readValue(json);
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException(
                    "cannot read JSON as " + type.getSimpleName() + ": " + e.getOriginalMessage(), e);
        }
    }

    /**
     * Checks that {@code text} is one JSON value and returns it in compact form, so equal documents written with
     * different whitespace compare equal (idempotency keys compare payloads this way). Text already in that form is
     * returned as it is, without a parse ({@link CompactJson}). A request's fields go through {@code
     * dev.tide.api.JsonInput}, which names the field when the text is not JSON.
     *
     * @throws NotJsonException saying why when the text is not one JSON value
     */
    public static @Nullable String compact(@Nullable String text) {
        if (text == null) {
            return null;
        }
        if (CompactJson.isCompact(text)) {
            return text;
        }
        try {
            JsonNode node = LENIENT.readTree(text);
            if (node == null || node.isMissingNode()) {
                throw new NotJsonException("is empty; send a JSON value (e.g. {} or null)");
            }
            return LENIENT.writeValueAsString(node);
        } catch (JsonProcessingException e) {
            throw new NotJsonException("is not valid JSON" + at(e) + ": " + e.getOriginalMessage());
        }
    }

    /**
     * Where the text stops being JSON, e.g. {@code " at line 3, column 5"} (both counted from 1), for a reader to find
     * it in a long document; empty when the parser cannot say.
     */
    public static String at(JsonProcessingException e) {
        JsonLocation where = e.getLocation();
        return where == null || where.getLineNr() < 1
                ? ""
                : " at line " + where.getLineNr() + ", column " + where.getColumnNr();
    }

    /**
     * Text that is not one JSON value. Its message says why and follows a field's name; it is not a request error
     * itself, so that this package stays below the API types that use it.
     */
    public static final class NotJsonException extends IllegalArgumentException {
        private static final long serialVersionUID = 1L;

        private final String reason;

        NotJsonException(String reason) {
            super(reason);
            this.reason = reason;
        }

        /** Why the text is not JSON, e.g. {@code is not valid JSON at line 3, column 5: ...}. */
        public String reason() {
            return reason;
        }
    }
}
