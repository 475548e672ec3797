package dev.tide.config;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonDeserializer;
import com.fasterxml.jackson.databind.JsonSerializer;
import com.fasterxml.jackson.databind.MapperFeature;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.SerializerProvider;
import com.fasterxml.jackson.databind.module.SimpleModule;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.fasterxml.jackson.dataformat.yaml.YAMLGenerator;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;
import java.io.IOException;
import java.time.Duration;
import java.util.function.Function;

/**
 * The one YAML mapper of the settings: kebab-case names (the API's records too: {@code max-pending-per-user}), unknown
 * keys refused, a key given twice refused, enums in any case, and durations, sizes and lifetimes as people write them.
 * Text is accepted where a number or a boolean is expected, because environment variables and flags are text.
 */
final class SettingsMapper {
    static final YAMLMapper MAPPER = build();

    private SettingsMapper() {}

    private static YAMLMapper build() {
        SimpleModule values = new SimpleModule("tide-settings-values");
        values.addDeserializer(Duration.class, textual("duration", DurationText::parse));
        values.addDeserializer(DataSize.class, textual("size", DataSize::parse));
        values.addDeserializer(Lifetime.class, textual("duration", Lifetime::parse));
        values.addSerializer(Duration.class, asText(DurationText::format));
        values.addSerializer(DataSize.class, asText(DataSize::toString));
        values.addSerializer(Lifetime.class, asText(Lifetime::toString));
        values.addSerializer(java.nio.file.Path.class, asText(java.nio.file.Path::toString));
        return YAMLMapper.builder(YAMLFactory.builder()
                        .disable(YAMLGenerator.Feature.WRITE_DOC_START_MARKER)
                        .enable(YAMLGenerator.Feature.MINIMIZE_QUOTES)
                        .build())
                .addModule(new JavaTimeModule())
                .addModule(values)
                .propertyNamingStrategy(PropertyNamingStrategies.KEBAB_CASE)
                .enable(MapperFeature.ALLOW_EXPLICIT_PROPERTY_RENAMING)
                .enable(MapperFeature.ACCEPT_CASE_INSENSITIVE_ENUMS)
                // printed as written: store: sqlite (the API's enums have wire names of their own)
                .configure(com.fasterxml.jackson.databind.cfg.EnumFeature.WRITE_ENUMS_TO_LOWERCASE, true)
                .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
                .enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES)
                .enable(DeserializationFeature.FAIL_ON_READING_DUP_TREE_KEY)
                .enable(DeserializationFeature.FAIL_ON_NUMBERS_FOR_ENUMS)
                .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
                .disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS)
                .disable(SerializationFeature.WRITE_DURATIONS_AS_TIMESTAMPS)
                .defaultPropertyInclusion(
                        JsonInclude.Value.construct(JsonInclude.Include.NON_NULL, JsonInclude.Include.NON_NULL))
                .build();
    }

    /** A value read from text (or a number, taken as its text) by {@code parse}, whose exception names what is wrong. */
    private static <T> JsonDeserializer<T> textual(String what, Function<String, T> parse) {
        return new JsonDeserializer<>() {
            @Override
            public T deserialize(JsonParser p, DeserializationContext context) throws IOException {
                if (!p.currentToken().isScalarValue() || p.currentToken() == JsonToken.VALUE_NULL) {
                    throw context.weirdStringException(p.getText(), Object.class, "is not a " + what);
                }
                try {
                    return parse.apply(p.getText());
                } catch (IllegalArgumentException e) {
                    throw new ValueProblem(p, e.getMessage());
                }
            }
        };
    }

    private static <T> JsonSerializer<T> asText(Function<T, String> text) {
        return new JsonSerializer<>() {
            @Override
            public void serialize(T value, JsonGenerator gen, SerializerProvider serializers) throws IOException {
                gen.writeString(text.apply(value));
            }
        };
    }

    /** A value that is not what its key takes; the message is the whole explanation ("'soon' is not a duration"). */
    static final class ValueProblem extends com.fasterxml.jackson.databind.JsonMappingException {
        private static final long serialVersionUID = 1L;

        ValueProblem(JsonParser parser, String message) {
            super(parser, message);
        }
    }
}
