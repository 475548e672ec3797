package dev.tide.server;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

/**
 * Where each operation's requests name ids, read from the marks ({@code x-tide-id}) of the OpenAPI document: its path
 * and query parameters, and the places in its JSON body, following {@code $ref} and {@code allOf}/{@code oneOf}/
 * {@code anyOf}. What the document marks is what {@link Ownership} checks, so a new id field is checked once it is
 * marked, and {@code IdMarksTest} fails the build while an id-like field is unmarked.
 */
final class IdPlaces {
    /** Where a request carries a value. */
    enum In {
        PATH,
        QUERY,
        BODY
    }

    /**
     * One marked place.
     *
     * @param at a parameter's name, or for the body a path of property names joined by dots, {@code *} standing for
     *     every item of an array (e.g. {@code tasks.*.jobId}); an array-valued place holds one id per item
     */
    record Place(In in, String at, IdKind kind) {}

    private final Map<String, List<Place>> byOperation;

    private IdPlaces(Map<String, List<Place>> byOperation) {
        this.byOperation = byOperation;
    }

    /** The places of the served document. */
    static IdPlaces served() {
        return Served.PLACES;
    }

    /** The places of every operation of {@code document}. */
    static IdPlaces of(JsonNode document) {
        Map<String, List<Place>> byOperation = new HashMap<>();
        for (ApiDocument.Operation operation : ApiDocument.operations(document)) {
            byOperation.put(operation.key(), List.copyOf(new Reader(document, operation.key()).read(operation)));
        }
        return new IdPlaces(Map.copyOf(byOperation));
    }

    /** The places of one operation, e.g. {@code ("POST", "/v1/tasks")}; none for an operation not documented. */
    List<Place> of(String method, String pathTemplate) {
        return byOperation.getOrDefault(ApiDocument.key(method, pathTemplate), List.of());
    }

    /** Reads one operation's marks. */
    private static final class Reader {
        private final JsonNode document;
        private final String operation;
        private final List<Place> places = new ArrayList<>();
        private final Deque<String> refs = new ArrayDeque<>(); // on the current walk, against recursive schemas

        Reader(JsonNode document, String operation) {
            this.document = document;
            this.operation = operation;
        }

        List<Place> read(ApiDocument.Operation operationNode) {
            parameters(operationNode.parameters(document));
            JsonNode body = resolve(operationNode.operation().path("requestBody"));
            JsonNode schema = body.path("content").path("application/json").path("schema");
            if (!schema.isMissingNode()) {
                schema(schema, "");
            }
            return places;
        }

        private void parameters(List<JsonNode> parameters) {
            for (JsonNode parameter : parameters) {
                JsonNode mark = parameter.has("x-tide-id")
                        ? parameter.get("x-tide-id")
                        : resolve(parameter.path("schema")).get("x-tide-id");
                if (mark != null) {
                    String name = parameter.path("name").asText();
                    In in = parameter.path("in").asText().equals("path") ? In.PATH : In.QUERY;
                    places.add(new Place(in, name, IdKind.ofMark(mark.asText(), operation + " " + name)));
                }
            }
        }

        private void schema(JsonNode given, String at) {
            String ref = given.path("$ref").asText(null);
            if (ref != null && refs.contains(ref)) {
                return;
            }
            if (ref != null) {
                refs.push(ref);
            }
            JsonNode schema = resolve(given);
            JsonNode mark = given.has("x-tide-id") ? given.get("x-tide-id") : schema.get("x-tide-id");
            if (mark != null) {
                places.add(new Place(In.BODY, at, IdKind.ofMark(mark.asText(), operation + " " + at)));
            } else {
                for (String combinator : List.of("allOf", "oneOf", "anyOf")) {
                    for (JsonNode part : schema.path(combinator)) {
                        schema(part, at);
                    }
                }
                Iterator<Map.Entry<String, JsonNode>> properties =
                        schema.path("properties").properties().iterator();
                while (properties.hasNext()) {
                    Map.Entry<String, JsonNode> property = properties.next();
                    schema(property.getValue(), at.isEmpty() ? property.getKey() : at + "." + property.getKey());
                }
                if (schema.has("items")) {
                    schema(schema.get("items"), at.isEmpty() ? "*" : at + ".*");
                }
            }
            if (ref != null) {
                refs.pop();
            }
        }

        private JsonNode resolve(JsonNode node) {
            return ApiDocument.resolve(document, node);
        }
    }

    private static final class Served {
        static final IdPlaces PLACES = of(ApiDocument.tree());
    }
}
