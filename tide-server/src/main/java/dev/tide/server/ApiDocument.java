package dev.tide.server;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import dev.tide.api.json.Json;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;

/**
 * The OpenAPI document of this API, {@code openapi.yaml} beside this class, read and parsed once per JVM: served as
 * written ({@link OpenApiRoutes}), and read by the server itself for the places where requests name ids
 * ({@link IdPlaces}).
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
