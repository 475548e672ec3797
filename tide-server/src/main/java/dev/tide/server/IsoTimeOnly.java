package dev.tide.server;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.JsonDeserializer;
import com.fasterxml.jackson.databind.deser.std.StdDeserializer;
import com.fasterxml.jackson.databind.module.SimpleModule;
import com.fasterxml.jackson.datatype.jsr310.deser.DurationDeserializer;
import com.fasterxml.jackson.datatype.jsr310.deser.InstantDeserializer;
import java.io.IOException;
import java.time.Duration;
import java.time.Instant;

/**
 * Instants and durations in requests as ISO-8601 text only. Jackson would also take a bare number, as seconds; a
 * client that meant milliseconds would get a lease a thousand times too long, silently. Refused, it learns at once.
 */
final class IsoTimeOnly {
    private IsoTimeOnly() {}

    static SimpleModule module() {
        return new SimpleModule("tide-iso-time-only")
                .addDeserializer(Duration.class, new TextOnly<>(Duration.class, DurationDeserializer.INSTANCE))
                .addDeserializer(Instant.class, new TextOnly<>(Instant.class, InstantDeserializer.INSTANT));
    }

    private static final class TextOnly<T> extends StdDeserializer<T> {
        private static final long serialVersionUID = 1L;

        private final transient JsonDeserializer<T> iso;

        TextOnly(Class<T> type, JsonDeserializer<T> iso) {
            super(type);
            this.iso = iso;
        }

        @Override
        @SuppressWarnings("unchecked")
        public T deserialize(JsonParser parser, DeserializationContext context) throws IOException {
            if (parser.currentToken() != JsonToken.VALUE_STRING) {
                return (T) context.handleUnexpectedToken(handledType(), parser);
            }
            return iso.deserialize(parser, context);
        }
    }
}
