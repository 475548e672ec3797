package dev.tide.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.networknt.schema.JsonSchema;
import com.networknt.schema.JsonSchemaFactory;
import com.networknt.schema.SchemaLocation;
import com.networknt.schema.SchemaValidatorsConfig;
import com.networknt.schema.SpecVersion;
import com.networknt.schema.ValidationMessage;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * The response schemas of an OpenAPI 3.1 document, for holding real answers to them. The whole document is the schema
 * resource, so that a response's {@code $ref}s into {@code #/components/schemas} resolve as they are written; formats
 * ({@code date-time}, {@code duration}) are asserted too.
 */
final class DocumentedResponses {
    private static final String BASE = "https://tide.invalid/openapi.json";

    private final JsonNode document;
    private final JsonSchemaFactory factory;
    private final SchemaValidatorsConfig config =
            SchemaValidatorsConfig.builder().formatAssertionsEnabled(true).build();

    DocumentedResponses(JsonNode document) {
        this.document = document;
        String text = document.toString();
        this.factory = JsonSchemaFactory.getInstance(
                SpecVersion.VersionFlag.V202012,
                builder -> builder.schemaLoaders(loaders -> loaders.schemas(Map.of(BASE, text))));
    }

    /** What the schema documented for this answer finds wrong with its body; empty when it conforms. */
    Set<ValidationMessage> problems(String method, String path, RawHttp.Answer answer) {
        String pointer = schemaPointer(method, path, answer.status());
        JsonSchema schema = factory.getSchema(SchemaLocation.of(BASE + "#" + pointer), config);
        return schema.validate(answer.json());
    }

    /** Asserts that the answer's status is documented for the route and that its body is as documented. */
    void assertConforms(String method, String path, RawHttp.Answer answer) {
        assertThat(problems(method, path, answer))
                .as("%s %s answered %s", method, path, answer)
                .isEmpty();
    }

    /**
     * The JSON pointer of the body schema documented for a status of a route, following the response's {@code $ref}
     * into {@code #/components/responses} when it has one.
     */
    private String schemaPointer(String method, String path, int status) {
        String operation = "/paths/" + escape(path) + "/" + method.toLowerCase(Locale.ROOT);
        assertThat(document.at(operation).isObject())
                .as("%s %s is documented", method, path)
                .isTrue();
        String response = operation + "/responses/" + status;
        assertThat(document.at(response).isObject())
                .as("status %d of %s %s is documented", status, method, path)
                .isTrue();
        JsonNode ref = document.at(response).get("$ref");
        if (ref != null) {
            response = ref.asText().substring(1);
        }
        return response + "/content/application~1json/schema";
    }

    private static String escape(String segment) {
        return segment.replace("~", "~0").replace("/", "~1");
    }
}
