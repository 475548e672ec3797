package dev.tide.server;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectReader;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.tide.api.InvalidRequestException;
import dev.tide.api.PayloadTooLargeException;
import dev.tide.api.json.Json;
import io.javalin.http.Context;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.Optional;

/**
 * Reads request bodies: at most {@code limitBytes} (a bigger body is a 413 before it is parsed), parsed strictly (bytes
 * that are not UTF-8, an unknown field, a key given twice, a wrong type or trailing garbage is a 400 naming the field,
 * see {@link JsonProblems} and {@link Json#strict()}).
 */
final class JsonBody {
    /** Reads the whole body; it must be one JSON value, nothing after it. */
    private static final ObjectReader DOCUMENT =
            Json.strict().reader().with(DeserializationFeature.FAIL_ON_TRAILING_TOKENS);

    /**
     * Converts it; a fraction where a whole number belongs is refused rather than cut, and times must be ISO-8601 text
     * ({@link IsoTimeOnly}).
     */
    private static final ObjectReader CONVERT = Json.strict()
            .copy()
            .registerModule(IsoTimeOnly.module())
            .reader()
            .without(DeserializationFeature.ACCEPT_FLOAT_AS_INT);

    private static final String BYTES = "tide.body";

    private final long limitBytes;
    private final RequestLimits pace;

    JsonBody(long limitBytes, RequestLimits pace) {
        this.limitBytes = limitBytes;
        this.pace = pace;
    }

    /** The body as {@code type}; a missing, empty or {@code null} body is a 400 naming {@code body}. */
    <T> T required(Context ctx, Class<T> type) {
        return optional(ctx, type).orElseThrow(() -> new InvalidRequestException("body", "is required"));
    }

    /** The body as {@code type}, or empty when there is none (for routes whose body only carries options). */
    <T> Optional<T> optional(Context ctx, Class<T> type) {
        return tree(ctx).map(node -> convert(node, type));
    }

    /** The body as a JSON object, for routes that fill in a field from the path before converting it. */
    ObjectNode requiredObject(Context ctx) {
        JsonNode node = tree(ctx).orElseThrow(() -> new InvalidRequestException("body", "is required"));
        if (!node.isObject()) {
            throw new InvalidRequestException("body", "must be a JSON object");
        }
        return (ObjectNode) node;
    }

    /**
     * The body as text (empty when none), for routes whose body is a JSON document the engine checks itself. Its text
     * must be Unicode ({@link UnicodeText}); whether it is JSON at all the engine says, in its own words.
     */
    String text(Context ctx) {
        String text = StrictUtf8.decode("body", bytes(ctx));
        JsonNode node;
        try {
            node = DOCUMENT.readTree(text);
        } catch (IOException notJson) {
            return text;
        }
        if (node != null) {
            UnicodeText.require(node);
        }
        return text;
    }

    /**
     * The body as a definition whose name comes from the path ({@code {name}}); a {@code name} in the body must agree.
     */
    <T> T named(Context ctx, Class<T> type) {
        String name = PathParams.text(ctx, "name");
        ObjectNode json = requiredObject(ctx);
        JsonNode given = json.get("name");
        if (given != null
                && !given.isNull()
                && !(given.isTextual() && given.asText().equals(name))) {
            throw new InvalidRequestException("name", "is " + given + " but the path names '" + name + "'");
        }
        json.put("name", name);
        return convert(json, type);
    }

    <T> T convert(JsonNode node, Class<T> type) {
        try {
            return CONVERT.treeToValue(node, type);
        } catch (JsonProcessingException | IllegalArgumentException e) {
            throw JsonProblems.describe(e);
        }
    }

    private Optional<JsonNode> tree(Context ctx) {
        String text = StrictUtf8.decode("body", bytes(ctx));
        if (text.isEmpty()) {
            return Optional.empty();
        }
        try {
            JsonNode node = DOCUMENT.readTree(text);
            if (node != null) {
                UnicodeText.require(node);
            }
            return node == null || node.isMissingNode() || node.isNull() ? Optional.empty() : Optional.of(node);
        } catch (IOException e) {
            throw JsonProblems.describe(e);
        }
    }

    /**
     * The raw body, refused with a 413 as soon as it is known to exceed the limit: from Content-Length before reading
     * anything, or while reading a body of unknown length. Read once and kept with the request, so that a check
     * before the route ({@link Ownership}) and the route read the same bytes.
     */
    byte[] bytes(Context ctx) {
        byte[] read = ctx.attribute(BYTES);
        if (read == null) {
            read = readBytes(ctx);
            ctx.attribute(BYTES, read);
        }
        return read;
    }

    private byte[] readBytes(Context ctx) {
        long declared = ctx.req().getContentLengthLong();
        if (declared > limitBytes) {
            throw new PayloadTooLargeException("body", declared, limitBytes);
        }
        try (InputStream in = pace.paced(ctx.req().getInputStream())) {
            ByteArrayOutputStream out = new ByteArrayOutputStream(declared > 0 ? (int) declared : 1024);
            byte[] chunk = new byte[8192];
            long total = 0;
            int read;
            while ((read = in.read(chunk)) != -1) {
                total += read;
                if (total > limitBytes) {
                    throw new PayloadTooLargeException("body", total, limitBytes);
                }
                out.write(chunk, 0, read);
            }
            return out.toByteArray();
        } catch (IOException e) {
            // The client went away mid-body; nobody reads this answer, but it must not count as a server fault.
            throw new InvalidRequestException("body", "could not be read: " + e.getMessage());
        }
    }
}
