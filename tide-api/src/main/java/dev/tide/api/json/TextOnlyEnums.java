package dev.tide.api.json;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.BeanDescription;
import com.fasterxml.jackson.databind.DeserializationConfig;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.JavaType;
import com.fasterxml.jackson.databind.JsonDeserializer;
import com.fasterxml.jackson.databind.deser.BeanDeserializerModifier;
import com.fasterxml.jackson.databind.deser.std.DelegatingDeserializer;
import com.fasterxml.jackson.databind.module.SimpleModule;
import java.io.IOException;

/**
 * Enums read from JSON text only. Tide's enums parse their wire names in a {@code @JsonCreator}, and Jackson hands such
 * a creator any scalar as text: {@code "kind": 1} would reach it as {@code "1"}. Refused here instead, as a wrong type.
 */
final class TextOnlyEnums {
    private TextOnlyEnums() {}

    static SimpleModule module() {
        return new SimpleModule("tide-text-only-enums").setDeserializerModifier(new BeanDeserializerModifier() {
            @Override
            public JsonDeserializer<?> modifyEnumDeserializer(
                    DeserializationConfig config,
                    JavaType type,
                    BeanDescription description,
                    JsonDeserializer<?> found) {
                return new TextOnly(found, type.getRawClass());
            }
        });
    }

    private static final class TextOnly extends DelegatingDeserializer {
        private static final long serialVersionUID = 1L;

        private final Class<?> enumType;

        TextOnly(JsonDeserializer<?> delegate, Class<?> enumType) {
            super(delegate);
            this.enumType = enumType;
        }

        @Override
        protected JsonDeserializer<?> newDelegatingInstance(JsonDeserializer<?> newDelegatee) {
            return new TextOnly(newDelegatee, enumType);
        }

        @Override
        public Object deserialize(JsonParser parser, DeserializationContext context) throws IOException {
            if (parser.currentToken() != JsonToken.VALUE_STRING) {
                return context.handleUnexpectedToken(enumType, parser);
            }
            return super.deserialize(parser, context);
        }
    }
}
