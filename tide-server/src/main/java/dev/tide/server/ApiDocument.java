package dev.tide.server;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import dev.tide.api.json.Json;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The OpenAPI document of this API, {@code openapi.yaml} beside this class, read and parsed once per JVM: served as
 * written ({@link OpenApiRoutes}), and read by the server itself: the places where requests name ids ({@link IdPlaces})
 * and the query parameters each operation takes ({@link DocumentedQueryParameters}).
 */
final class ApiDocument {
    static final String RESOURCE = "openapi.yaml";

    private ApiDocument() {}

    /** The document as written. */
    static String yaml() {
        return Loaded.YAML;
    }

    /** The document as JSON text. */
    static String json() {
        return Loaded.JSON;
    }

    /** The document as a tree (shared: read it, never change it). */
    static JsonNode tree() {
        return Loaded.TREE;
    }

    /**
     * One operation of a document.
     *
     * @param key as routes are matched, {@code "POST /v1/tasks"}
     * @param pathItem the path's own entry (its {@code parameters} apply to every operation under it)
     */
    record Operation(String key, JsonNode pathItem, JsonNode operation) {
        /** The parameters of the path and of the operation, references followed. */
        List<JsonNode> parameters(JsonNode document) {
            List<JsonNode> all = new ArrayList<>();
            pathItem.path("parameters").forEach(p -> all.add(resolve(document, p)));
            operation.path("parameters").forEach(p -> all.add(resolve(document, p)));
            return all;
        }
    }

    private static final List<String> METHODS = List.of("get", "put", "post", "delete", "patch");

    /** Every operation of {@code document}. */
    static List<Operation> operations(JsonNode document) {
        List<Operation> operations = new ArrayList<>();
        document.path("paths").properties().forEach(path -> {
            for (String method : METHODS) {
                JsonNode operation = path.getValue().path(method);
                if (operation.isObject()) {
                    operations.add(new Operation(key(method, path.getKey()), path.getValue(), operation));
                }
            }
        });
        return operations;
    }

    /** An operation's key as {@link Operation#key()} spells it. */
    static String key(String method, String pathTemplate) {
        return method.toUpperCase(Locale.ROOT) + " " + pathTemplate;
    }

    /** Follows local {@code $ref}s ({@code #/components/...}); anything else is itself. */
    static JsonNode resolve(JsonNode document, JsonNode node) {
        JsonNode current = node;
        for (int hops = 0; current.has("$ref") && hops < 10; hops++) {
            String ref = current.get("$ref").asText();
            if (!ref.startsWith("#/")) {
                throw new IllegalStateException(RESOURCE + " refers outside itself: " + ref);
            }
            current = document.at(ref.substring(1));
        }
        return current;
    }

    /** Loaded on first use. */
    private static final class Loaded {
        static final String YAML = read();
        static final JsonNode TREE = parse(YAML);
        static final String JSON = toJson(TREE);

        private static String read() {
            try (InputStream in = ApiDocument.class.getResourceAsStream(RESOURCE)) {
                if (in == null) {
                    throw new IllegalStateException(RESOURCE + " is missing from the classpath");
                }
                return new String(in.readAllBytes(), StandardCharsets.UTF_8);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }

        private static JsonNode parse(String yaml) {
            try {
                return new ObjectMapper(new YAMLFactory()).readTree(yaml);
            } catch (IOException e) {
                throw new UncheckedIOException(RESOURCE + " is not valid YAML", e);
            }
        }

        private static String toJson(JsonNode tree) {
            try {
                return Json.mapper().writeValueAsString(tree);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }
}
