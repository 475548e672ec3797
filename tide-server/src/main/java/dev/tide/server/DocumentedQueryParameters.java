package dev.tide.server;

import com.fasterxml.jackson.databind.JsonNode;
import dev.tide.api.InvalidRequestException;
import io.javalin.config.RoutesConfig;
import io.javalin.http.Context;
import io.javalin.router.Endpoint;
import java.io.ByteArrayOutputStream;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * One check of the query string for every route, made by the API document: a parameter that openapi.yaml does not
 * declare for the matched operation, or one given twice, is a 400 naming it. A misspelt filter then fails loudly instead
 * of listing everything, and a route added later is covered as soon as the document describes it (its test holds the
 * document to the routes). Runs after authentication, so an anonymous caller learns nothing of the routes.
 */
final class DocumentedQueryParameters {
    /** By operation, as {@code "GET /v1/tasks"}: the names of its query parameters. */
    private final Map<String, Set<String>> declared;

    DocumentedQueryParameters(JsonNode document) {
        this.declared = declaredBy(document);
    }

    void addTo(RoutesConfig routes) {
        routes.beforeMatched(this::check);
    }

    private void check(Context ctx) {
        if (ctx.routeRoles().contains(Access.DASHBOARD)) {
            return; // the dashboard's pages are not operations of the document
        }
        String query = ctx.queryString();
        if (query == null || query.isEmpty()) {
            return;
        }
        requireWellEncoded(query);
        Map<String, List<String>> given = ctx.queryParamMap();
        if (given.isEmpty()) {
            return;
        }
        Endpoint matched = ctx.endpoints().matchedHttpEndpoint();
        String operation = ApiDocument.key(matched.method.name(), matched.path);
        Set<String> known = declared.getOrDefault(operation, Set.of());
        given.forEach((name, values) -> {
            if (!known.contains(name)) {
                throw new InvalidRequestException(
                        name,
                        known.isEmpty()
                                ? "is not a query parameter: " + operation + " takes none"
                                : "is not a query parameter of " + operation + "; use " + String.join(", ", known));
            }
            if (values.size() > 1) {
                throw new InvalidRequestException(name, "is given " + values.size() + " times; give it once");
            }
        });
    }

    /**
     * Every {@code %} begins two hexadecimal digits, and what they spell is UTF-8: the decoder the routes read with
     * would pass {@code %zz} through as text, or turn an overlong form into a character.
     */
    private static void requireWellEncoded(String query) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream(query.length());
        for (int i = 0; i < query.length(); i++) {
            char c = query.charAt(i);
            if (c != '%') {
                bytes.write(c > 0x7F ? '?' : c);
                continue;
            }
            int high = i + 2 < query.length() ? Character.digit(query.charAt(i + 1), 16) : -1;
            int low = high >= 0 ? Character.digit(query.charAt(i + 2), 16) : -1;
            if (low < 0) {
                throw new InvalidRequestException(
                        "query", "is not valid percent-encoding: '%' at " + i + " is not followed by two hex digits");
            }
            bytes.write(high * 16 + low);
            i += 2;
        }
        StrictUtf8.decode("query", bytes.toByteArray());
    }

    private static Map<String, Set<String>> declaredBy(JsonNode document) {
        Map<String, Set<String>> out = new TreeMap<>();
        for (ApiDocument.Operation operation : ApiDocument.operations(document)) {
            Set<String> names = new TreeSet<>();
            for (JsonNode parameter : operation.parameters(document)) {
                if (parameter.path("in").asText().equals("query")) {
                    names.add(parameter.path("name").asText());
                }
            }
            out.put(operation.key(), Set.copyOf(names));
        }
        return Map.copyOf(out);
    }
}
