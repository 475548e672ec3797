package dev.tide.server;

import com.fasterxml.jackson.core.JacksonException;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonStreamContext;
import com.fasterxml.jackson.core.exc.StreamReadException;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.JsonMappingException.Reference;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import com.fasterxml.jackson.databind.exc.UnrecognizedPropertyException;
import dev.tide.api.InvalidRequestException;
import dev.tide.api.json.Json;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;

/**
 * Turns what Jackson reports about a request body into a 400 that names the offending field as a path into the body
 * ({@code tasks[2].priority}), so a client can point at the mistake.
 */
final class JsonProblems {
    private JsonProblems() {}

    static InvalidRequestException describe(Exception error) {
        List<Reference> path = error instanceof JsonMappingException mapping ? mapping.getPath() : List.of();
        InvalidRequestException refused = find(error);
        if (refused != null) {
            // A record constructor or enum parser of the API refused a value; its field is relative to where it sat.
            String problem = refused.getMessage().substring(refused.field().length() + 2);
            return new InvalidRequestException(join(path, refused.field()), problem);
        }
        if (error instanceof UnrecognizedPropertyException unknown) {
            return new InvalidRequestException(
                    render(path),
                    "is not a field of " + unknown.getReferringClass().getSimpleName());
        }
        if (error instanceof StreamReadException syntax && path.isEmpty()) {
            String duplicate = duplicateKey(syntax);
            if (duplicate != null) {
                return new InvalidRequestException(duplicate, "is given twice in one object; give each key once");
            }
            return new InvalidRequestException(
                    "body", "is not valid JSON" + Json.at(syntax) + ": " + syntax.getOriginalMessage());
        }
        String field = path.isEmpty() ? "body" : render(path);
        if (error instanceof MismatchedInputException mismatch && missingPrimitive(mismatch)) {
            return new InvalidRequestException(field, "is required: " + expected(mismatch.getTargetType()));
        }
        if (error instanceof MismatchedInputException mismatch && mismatch.getTargetType() != null) {
            return new InvalidRequestException(field, "must be " + expected(mismatch.getTargetType()));
        }
        return new InvalidRequestException(field, "has the wrong type or format: " + firstLine(original(error)));
    }

    /**
     * A field of a primitive type (a claim's {@code limit}) left out or given as null: Jackson reports both as a null
     * it cannot map, which would otherwise read as a wrong type.
     */
    private static boolean missingPrimitive(MismatchedInputException mismatch) {
        return mismatch.getTargetType() != null
                && mismatch.getTargetType().isPrimitive()
                && String.valueOf(mismatch.getOriginalMessage()).startsWith("Cannot map `null`");
    }

    /** What a value of {@code type} looks like in JSON, in words. */
    static String expected(Class<?> type) {
        if (type == int.class || type == Integer.class || type == long.class || type == Long.class) {
            return "a whole number";
        }
        if (type == double.class || type == Double.class) {
            return "a number";
        }
        if (type == boolean.class || type == Boolean.class) {
            return "true or false";
        }
        if (type == String.class) {
            return "a string";
        }
        if (type == Duration.class) {
            return "an ISO-8601 duration such as \"PT30S\"";
        }
        if (type == Instant.class) {
            return "an ISO-8601 instant such as \"2030-01-31T09:00:00Z\"";
        }
        if (Collection.class.isAssignableFrom(type) || type.isArray()) {
            return "an array";
        }
        if (type.isEnum()) {
            return "a string";
        }
        return "an object";
    }

    /**
     * Where a key given twice stands ({@code tasks[1].payload.x}), read from the parser's position when it refused the
     * second one; null when the error is something else.
     */
    private static String duplicateKey(StreamReadException syntax) {
        String message = syntax.getOriginalMessage();
        if (message == null
                || !message.startsWith("Duplicate field")
                || !(syntax.getProcessor() instanceof JsonParser parser)) {
            return null;
        }
        List<String> segments = new ArrayList<>();
        for (JsonStreamContext at = parser.getParsingContext(); at != null && !at.inRoot(); at = at.getParent()) {
            segments.add(0, at.inArray() ? "[" + at.getCurrentIndex() + "]" : "." + at.getCurrentName());
        }
        String rendered = String.join("", segments);
        return rendered.startsWith(".") ? rendered.substring(1) : rendered.isEmpty() ? "body" : rendered;
    }

    private static InvalidRequestException find(Throwable error) {
        for (Throwable t = error; t != null; t = t.getCause()) {
            if (t instanceof InvalidRequestException refused) {
                return refused;
            }
        }
        return null;
    }

    /**
     * Puts a field named by a refusing constructor under the path where Jackson was. The two may overlap: an enum
     * parser reports {@code kind} while Jackson stands at {@code acks[0].kind}; a backoff reports
     * {@code backoff.initial} while Jackson stands at {@code taskDefaults.backoff}.
     */
    static String join(List<Reference> path, String field) {
        List<Reference> prefix = new ArrayList<>(path);
        String firstSegment = field.split("[.\\[]", 2)[0];
        if (!prefix.isEmpty()
                && firstSegment.equals(prefix.get(prefix.size() - 1).getFieldName())) {
            prefix.remove(prefix.size() - 1);
        }
        String rendered = render(prefix);
        return rendered.isEmpty() ? field : rendered + "." + field;
    }

    static String render(List<Reference> path) {
        StringBuilder out = new StringBuilder();
        for (Reference ref : path) {
            if (ref.getFieldName() != null) {
                if (!out.isEmpty()) {
                    out.append('.');
                }
                out.append(ref.getFieldName());
            } else if (ref.getIndex() >= 0) {
                out.append('[').append(ref.getIndex()).append(']');
            }
        }
        return out.toString();
    }

    private static String original(Exception error) {
        if (error instanceof JacksonException jackson && jackson.getOriginalMessage() != null) {
            return jackson.getOriginalMessage();
        }
        return String.valueOf(error.getMessage());
    }

    private static String firstLine(String text) {
        int newline = text.indexOf('\n');
        return newline < 0 ? text : text.substring(0, newline);
    }
}
