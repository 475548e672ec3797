package dev.tide.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * Every parameter and schema property of openapi.yaml named like an id carries its {@code x-tide-id} mark, so that
 * the ownership check ({@link Ownership}, reading {@link IdPlaces}) cannot miss a new id field: an unmarked one fails
 * the build here.
 */
class IdMarksTest {
    /** Names that name something: an id, a key, a cursor, a user or worker, a name. */
    private static final Pattern ID_LIKE = Pattern.compile(
            "id|.*Id|.*Ids|dependsOn|ref|.*Ref|cursor|.*Cursor|key|.*Key|worker|name|owner|leaseOwner|user|users"
                    + "|.*Users|job|before");

    @Test
    void everyIdLikeParameterAndPropertyIsMarked() {
        assertThat(unmarked(ApiDocument.tree()))
                .as("add x-tide-id: task|job|user|worker|key|cursor|queue|type|profile|schedule|processor|token|event"
                        + "|none to each (see docs/security.md, 'Whose ids a request may name')")
                .isEmpty();
    }

    @Test
    void theCheckCatchesAnUnmarkedFieldAndParameter() {
        ObjectNode document = ApiDocument.tree().deepCopy();
        ObjectNode newTask = (ObjectNode) document.at("/components/schemas/NewTask/properties");
        newTask.putObject("parentId").put("type", "integer");
        newTask.putObject("owner").put("type", "object"); // object-valued: exempt
        ArrayNode parameters = (ArrayNode) document.at("/paths/~1v1~1tasks/get/parameters");
        parameters
                .addObject()
                .put("name", "afterCursor")
                .put("in", "query")
                .putObject("schema")
                .put("type", "string");

        assertThat(unmarked(document))
                .containsExactlyInAnyOrder(
                        "/components/schemas/NewTask/properties/parentId",
                        "/paths/~1v1~1tasks/get/parameters/" + (parameters.size() - 1) + " (afterCursor)");
    }

    @Test
    void theServerReadsThePlacesOfNestedIds() {
        IdPlaces places = IdPlaces.of(ApiDocument.tree());

        assertThat(places.of("GET", "/v1/tasks/{id}"))
                .containsExactly(new IdPlaces.Place(IdPlaces.In.PATH, "id", IdKind.TASK));
        assertThat(places.of("POST", "/v1/jobs/{id}/cancel"))
                .containsExactly(new IdPlaces.Place(IdPlaces.In.PATH, "id", IdKind.JOB));
        assertThat(places.of("POST", "/v1/tasks/batch"))
                .contains(
                        new IdPlaces.Place(IdPlaces.In.BODY, "tasks.*.jobId", IdKind.JOB),
                        new IdPlaces.Place(IdPlaces.In.BODY, "tasks.*.dependsOn", IdKind.TASK),
                        new IdPlaces.Place(IdPlaces.In.BODY, "tasks.*.owner", IdKind.USER));
        assertThat(places.of("POST", "/v1/acks"))
                .contains(
                        new IdPlaces.Place(IdPlaces.In.BODY, "acks.*.taskId", IdKind.TASK),
                        new IdPlaces.Place(IdPlaces.In.BODY, "acks.*.enqueue.*.jobId", IdKind.JOB));
        assertThat(places.of("POST", "/v1/jobs"))
                .contains(new IdPlaces.Place(IdPlaces.In.BODY, "tasks.*.dependsOn", IdKind.TASK));
        assertThat(places.of("GET", "/v1/tasks"))
                .contains(
                        new IdPlaces.Place(IdPlaces.In.QUERY, "job", IdKind.JOB),
                        new IdPlaces.Place(IdPlaces.In.QUERY, "cursor", IdKind.CURSOR));
    }

    /** Where an id-like parameter or property has no mark, as JSON pointers into the document. */
    static List<String> unmarked(JsonNode document) {
        List<String> found = new ArrayList<>();
        walk(document, document, "", found);
        return found;
    }

    private static void walk(JsonNode document, JsonNode node, String at, List<String> found) {
        if (node.isObject()) {
            if (node.path("name").isTextual() && node.path("in").isTextual()) {
                String name = node.get("name").asText();
                if (ID_LIKE.matcher(name).matches()
                        && !node.has("x-tide-id")
                        && !resolve(document, node.path("schema")).has("x-tide-id")) {
                    found.add(at + " (" + name + ")");
                }
            }
            JsonNode properties = node.path("properties");
            if (properties.isObject()) {
                for (Iterator<Map.Entry<String, JsonNode>> it =
                                properties.properties().iterator();
                        it.hasNext(); ) {
                    Map.Entry<String, JsonNode> property = it.next();
                    JsonNode schema = property.getValue();
                    if (ID_LIKE.matcher(property.getKey()).matches()
                            && !schema.has("x-tide-id")
                            && !resolve(document, schema).has("x-tide-id")
                            && !objectValued(document, schema)) {
                        found.add(at + "/properties/" + property.getKey());
                    }
                }
            }
            for (Iterator<Map.Entry<String, JsonNode>> it = node.properties().iterator(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> child = it.next();
                walk(
                        document,
                        child.getValue(),
                        at + "/" + child.getKey().replace("~", "~0").replace("/", "~1"),
                        found);
            }
        } else if (node.isArray()) {
            for (int i = 0; i < node.size(); i++) {
                walk(document, node.get(i), at + "/" + i, found);
            }
        }
    }

    /** An object, or an array of objects: it holds ids (checked in its own properties), it is none. */
    private static boolean objectValued(JsonNode document, JsonNode given) {
        JsonNode schema = resolve(document, given);
        if (schema.path("type").asText().equals("array")) {
            return objectValued(document, schema.path("items"));
        }
        return schema.path("type").asText().equals("object") || schema.has("properties");
    }

    private static JsonNode resolve(JsonNode document, JsonNode node) {
        JsonNode current = node;
        for (int hops = 0; current.has("$ref") && hops < 10; hops++) {
            current = document.at(current.get("$ref").asText().substring(1));
        }
        return current;
    }
}
