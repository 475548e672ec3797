package dev.tide.server;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import dev.tide.api.json.Json;
import io.javalin.config.RoutesConfig;
import io.javalin.http.ContentType;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;

/**
 * {@code GET /v1/openapi.json} and {@code /v1/openapi.yaml}: the OpenAPI document of this API. It is written by hand
 * in {@code openapi.yaml} beside this class (tests hold it to the routes the server registers and to real answers),
 * and read once per JVM.
 */
final class OpenApiRoutes {
    static final String RESOURCE = "openapi.yaml";

    void addTo(RoutesConfig routes) {
        routes.get(
                "/v1/openapi.json",
                ctx -> ctx.contentType(ContentType.APPLICATION_JSON).result(Document.JSON),
                Access.PUBLIC);
        routes.get(
                "/v1/openapi.yaml",
                ctx -> ctx.contentType("application/yaml; charset=utf-8").result(Document.YAML),
                Access.PUBLIC);
    }

    /** The document as a tree, for checks that the server makes by it (the query parameters of each operation). */
    static JsonNode tree() {
        return Document.TREE.deepCopy();
    }

    /** Loaded on first use: a server that nobody asks for its document does not read it. */
    private static final class Document {
        static final String YAML = read();
        static final JsonNode TREE = parse(YAML);
        static final String JSON = toJson(TREE);

        private static String read() {
            try (InputStream in = OpenApiRoutes.class.getResourceAsStream(RESOURCE)) {
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
            return Json.write(tree);
        }
    }
}
