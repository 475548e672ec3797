package dev.tide.client;

import com.fasterxml.jackson.databind.JsonNode;
import dev.tide.api.BlobStoreUnavailableException;
import dev.tide.api.ConflictException;
import dev.tide.api.InvalidRequestException;
import dev.tide.api.LeaseLostException;
import dev.tide.api.NotFoundException;
import dev.tide.api.PayloadCorruptException;
import dev.tide.api.PayloadTooLargeException;
import dev.tide.api.PendingLimitException;
import dev.tide.api.ProfileFullException;
import dev.tide.api.SubmitRateException;
import dev.tide.api.TideException;
import dev.tide.api.auth.AuthenticationException;
import dev.tide.api.auth.ForbiddenException;
import dev.tide.api.json.Json;
import java.net.URI;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Turns the server's JSON error answers back into the exceptions the embedded engine throws, with the same messages,
 * so code behaves alike embedded and remote.
 */
final class RemoteErrors {
    private static final Pattern TOO_LARGE = Pattern.compile("(.+): (\\d+) bytes is over the cap of (\\d+) bytes");
    private static final String NOT_FOUND = " not found";

    private RemoteErrors() {}

    static TideException decode(int status, String body, URI server) {
        JsonNode json = parse(body);
        String code = text(json, "error");
        String message = text(json, "message");
        if (message == null) {
            message = "HTTP " + status + " from the Tide server at " + server;
        }
        if (status == 409 && "lease_lost".equals(code)) {
            return new LeaseLostException(json.path("taskId").asLong());
        }
        if (status == 409 && "profile_full".equals(code)) {
            return new ProfileFullException(message);
        }
        if ("payload_corrupt".equals(code)) {
            return new PayloadCorruptException(message);
        }
        if ("blob_store_unavailable".equals(code)) {
            return new BlobStoreUnavailableException(message, null);
        }
        if (status == 429 && "rate_limited".equals(code)) {
            JsonNode rate = json.path("rateLimit");
            return new SubmitRateException(
                    text(rate, "user"),
                    rate.path("limit").asInt(),
                    rate.path("retryAfterSeconds").asInt(1));
        }
        if (status == 429 && "pending_limit".equals(code)) {
            return pendingLimit(json.path("pendingLimit"), message, status);
        }
        return switch (status) {
            case 400 -> invalid(text(json, "field"), message);
            case 404 ->
                new NotFoundException(
                        message.endsWith(NOT_FOUND)
                                ? message.substring(0, message.length() - NOT_FOUND.length())
                                : message);
            case 401 -> new AuthenticationException(message);
            case 403 -> new ForbiddenException(message);
            case 409 -> new ConflictException(message);
            case 413 -> tooLarge(message);
            default -> new TideException(status, message);
        };
    }

    /** A queue's bound refused the enqueue: rebuilt from its parts, the message comes out the same. */
    private static TideException pendingLimit(JsonNode limit, String message, int status) {
        try {
            PendingLimitException.Bound bound =
                    PendingLimitException.Bound.valueOf(text(limit, "bound").toUpperCase(java.util.Locale.ROOT));
            return new PendingLimitException(
                    bound, limit.path("limit").asInt(), text(limit, "queue"), text(limit, "key"), text(limit, "user"));
        } catch (RuntimeException unreadable) {
            // Not the body this client knows (another version's, say): the words and status alone.
            return new TideException(status, message);
        }
    }

    /** The engine words it {@code field: problem}; rebuilt from its parts, the message comes out the same. */
    private static InvalidRequestException invalid(String field, String message) {
        if (field == null) {
            return new InvalidRequestException("request", message);
        }
        String prefix = field + ": ";
        return new InvalidRequestException(
                field, message.startsWith(prefix) ? message.substring(prefix.length()) : message);
    }

    private static TideException tooLarge(String message) {
        Matcher m = TOO_LARGE.matcher(message);
        if (m.matches()) {
            return new PayloadTooLargeException(m.group(1), Long.parseLong(m.group(2)), Long.parseLong(m.group(3)));
        }
        return new WordedTooLarge(message);
    }

    /** A 413 worded otherwise (by a proxy, say): still the type callers catch, with the words as given. */
    private static final class WordedTooLarge extends PayloadTooLargeException {
        private static final long serialVersionUID = 1L;

        private final String message;

        WordedTooLarge(String message) {
            super("body", 0, 0);
            this.message = message;
        }

        @Override
        public String getMessage() {
            return message;
        }
    }

    private static JsonNode parse(String body) {
        try {
            JsonNode node = Json.mapper().readTree(body == null ? "" : body);
            return node == null ? Json.mapper().createObjectNode() : node;
        } catch (Exception e) {
            // Not Tide's JSON (a proxy's error page, say): the status alone must do.
            return Json.mapper().createObjectNode();
        }
    }

    private static String text(JsonNode json, String field) {
        JsonNode value = json.get(field);
        return value == null || value.isNull() ? null : value.asText();
    }
}
