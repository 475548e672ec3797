package dev.tide.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.tide.api.NewJob;
import dev.tide.api.NewTask;
import dev.tide.api.auth.Role;
import dev.tide.core.Tide;
import dev.tide.core.TideConfig;
import dev.tide.core.contract.FixtureFactory;
import dev.tide.core.contract.QueueFixture;
import dev.tide.core.testing.TestUsers;
import dev.tide.core.time.ManualClock;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Reads the served OpenAPI document, takes every operation and every place in it marked {@code x-tide-id: task} or
 * {@code job} (path, query, body, nested), and sends a minimal valid request with that one place set to another
 * tenant's id, then to a missing id, as the submitter alice. Both must answer alike, word for word but for the id, and
 * bob's tasks and job, read as bob, must stay as they were. A place added to the document later is fuzzed here too.
 * (Workers carol and dave exist beside them; they are not confined, so they are not probed.)
 */
abstract class TenantFuzzContract {
    private static final long MISSING = 987_654;
    private static final List<String> METHODS = List.of("get", "put", "post", "delete", "patch");
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    private QueueFixture fixture;
    private TideServer server;
    private RawHttp alice;
    private RawHttp bob;
    private JsonNode document;
    private long bobsTask;
    private long bobsJob;

    protected abstract FixtureFactory factory();

    @BeforeEach
    void open() {
        fixture = factory()
                .open(
                        new ManualClock(Instant.parse("2030-01-07T09:00:00Z")),
                        TideConfig.defaults().withMaintenanceInterval(null));
        Tide engine = fixture.engine();
        server = TideServer.builder(engine).port(0).build().start();
        RawHttp anonymous = new RawHttp(server.uri());
        alice = anonymous.as(TestUsers.token(engine.accounts(), "alice", Role.SUBMITTER));
        bob = anonymous.as(TestUsers.token(engine.accounts(), "bob", Role.SUBMITTER));
        TestUsers.token(engine.accounts(), "carol", Role.WORKER);
        TestUsers.token(engine.accounts(), "dave", Role.WORKER);
        document = anonymous.get("v1/openapi.json").json();
        anonymous.close();
        bobsTask = engine.enqueue(NewTask.builder("email").owner("bob").build()).id();
        bobsJob = engine.createJob(NewJob.builder("mailing")
                        .owner("bob")
                        .tasks(List.of(NewTask.of("email", null)))
                        .build())
                .job()
                .id();
        engine.enqueue(NewTask.builder("email").owner("alice").build());
    }

    @AfterEach
    void close() {
        alice.close();
        bob.close();
        server.stop();
        fixture.close();
    }

    /** One request of one operation with one marked place set to an id. */
    private record Probe(String method, String template, String where, boolean task, Request request) {
        String name() {
            return method + " " + template + " " + where;
        }
    }

    @FunctionalInterface
    private interface Request {
        RawHttp.Answer send(RawHttp as, long id);
    }

    @Test
    void anotherTenantsIdsAnswerAsMissingOnesEverywhereTheDocumentMarksThem() {
        List<Probe> probes = probes();
        assertThat(probes.stream().map(Probe::name))
                .as("the places the document marks (the fuzzer finds them, none forgotten)")
                .contains(
                        "GET /v1/tasks/{id} path id",
                        "PUT /v1/jobs/{id}/info path id",
                        "GET /v1/tasks query job",
                        "POST /v1/tasks body jobId",
                        "POST /v1/tasks body dependsOn",
                        "POST /v1/tasks/batch body tasks.*.jobId",
                        "POST /v1/tasks/enqueue-and-claim body task.jobId",
                        "POST /v1/jobs body tasks.*.dependsOn",
                        "POST /v1/acks body acks.*.enqueue.*.jobId",
                        "POST /v1/bulk-actions body taskIds",
                        "POST /v1/bulk-actions body filter.jobId",
                        "POST /v1/bulk-actions/match body filter.jobId");
        String before = snapshot();

        for (Probe probe : probes) {
            long theirs = probe.task() ? bobsTask : bobsJob;
            RawHttp.Answer foreign = probe.request().send(alice, theirs);
            RawHttp.Answer missing = probe.request().send(alice, MISSING);

            assertThat(foreign.status())
                    .as(probe.name() + ": the same status as a missing id; foreign " + foreign + ", missing " + missing)
                    .isEqualTo(missing.status());
            if (missing.status() >= 300) {
                assertThat(foreign.text())
                        .as(probe.name() + ": word for word, the id aside")
                        .isEqualTo(missing.text().replace(String.valueOf(MISSING), String.valueOf(theirs)));
            }
            assertThat(snapshot()).as(probe.name() + ": bob's tasks and job").isEqualTo(before);
        }
    }

    /** Bob's tasks and job as bob reads them. */
    private String snapshot() {
        return bob.get("v1/tasks?limit=1000").text()
                + bob.get("v1/jobs/" + bobsJob).text();
    }

    private List<Probe> probes() {
        List<Probe> probes = new ArrayList<>();
        for (Iterator<Map.Entry<String, JsonNode>> paths =
                        document.path("paths").properties().iterator();
                paths.hasNext(); ) {
            Map.Entry<String, JsonNode> path = paths.next();
            for (String method : METHODS) {
                JsonNode operation = path.getValue().path(method);
                if (operation.isObject()) {
                    probes.addAll(probes(method.toUpperCase(Locale.ROOT), path.getKey(), path.getValue(), operation));
                }
            }
        }
        return probes;
    }

    private List<Probe> probes(String method, String template, JsonNode pathItem, JsonNode operation) {
        List<JsonNode> parameters = new ArrayList<>();
        pathItem.path("parameters").forEach(p -> parameters.add(resolve(p)));
        operation.path("parameters").forEach(p -> parameters.add(resolve(p)));
        JsonNode schema = resolve(resolve(operation.path("requestBody"))
                .path("content")
                .path("application/json")
                .path("schema"));
        List<Probe> probes = new ArrayList<>();
        for (JsonNode parameter : parameters) {
            String kind = mark(parameter, resolve(parameter.path("schema")));
            if (kind != null) {
                String name = parameter.path("name").asText();
                String in = parameter.path("in").asText();
                probes.add(new Probe(method, template, in + " " + name, kind.equals("task"), (as, id) -> {
                    JsonNode body = schema.isMissingNode() ? null : minimal(schema, 0);
                    return send(
                            as,
                            method,
                            template,
                            parameters,
                            in.equals("path") ? name : null,
                            in.equals("query") ? name : null,
                            id,
                            body);
                }));
            }
        }
        if (!schema.isMissingNode()) {
            List<List<String>> places = new ArrayList<>();
            bodyPlaces(schema, new ArrayList<>(), places, new HashSet<>());
            for (List<String> steps : places) {
                String kind = mark(leaf(schema, steps), resolve(leaf(schema, steps)));
                probes.add(new Probe(
                        method,
                        template,
                        "body " + String.join(".", steps),
                        kind.equals("task"),
                        (as, id) ->
                                send(as, method, template, parameters, null, null, id, withId(schema, steps, 0, id))));
            }
        }
        return probes;
    }

    private RawHttp.Answer send(
            RawHttp as,
            String method,
            String template,
            List<JsonNode> parameters,
            String pathPlace,
            String queryPlace,
            long id,
            JsonNode body) {
        String uri = template.substring(1);
        StringBuilder query = new StringBuilder();
        for (JsonNode parameter : parameters) {
            String name = parameter.path("name").asText();
            boolean path = parameter.path("in").asText().equals("path");
            String value = name.equals(pathPlace) || name.equals(queryPlace)
                    ? String.valueOf(id)
                    : path || parameter.path("required").asBoolean()
                            ? minimal(parameter.path("schema"), 0).asText()
                            : null;
            if (value == null) {
                continue;
            }
            String encoded = URLEncoder.encode(value, StandardCharsets.UTF_8);
            if (path) {
                uri = uri.replace("{" + name + "}", encoded);
            } else {
                query.append(query.isEmpty() ? "?" : "&")
                        .append(name)
                        .append('=')
                        .append(encoded);
            }
        }
        return as.send(method, uri + query, body == null ? null : body.toString());
    }

    /** The body places marked task or job, as property names and {@code *} for array items. */
    private void bodyPlaces(JsonNode given, List<String> at, List<List<String>> found, Set<String> refs) {
        String ref = given.path("$ref").asText(null);
        if (ref != null && !refs.add(ref)) {
            return;
        }
        JsonNode schema = resolve(given);
        String kind = mark(given, schema);
        if (kind != null) {
            found.add(List.copyOf(at));
        } else if (!schema.has("x-tide-id")) {
            for (String combinator : List.of("allOf", "oneOf", "anyOf")) {
                schema.path(combinator).forEach(part -> bodyPlaces(part, at, found, refs));
            }
            for (Iterator<Map.Entry<String, JsonNode>> it =
                            schema.path("properties").properties().iterator();
                    it.hasNext(); ) {
                Map.Entry<String, JsonNode> property = it.next();
                at.add(property.getKey());
                bodyPlaces(property.getValue(), at, found, refs);
                at.remove(at.size() - 1);
            }
            if (schema.has("items")) {
                at.add("*");
                bodyPlaces(schema.get("items"), at, found, refs);
                at.remove(at.size() - 1);
            }
        }
        if (ref != null) {
            refs.remove(ref);
        }
    }

    /** {@code task} or {@code job} when the place is marked so, else null. */
    private static String mark(JsonNode given, JsonNode resolved) {
        String kind = given.has("x-tide-id")
                ? given.get("x-tide-id").asText()
                : resolved.path("x-tide-id").asText(null);
        return "task".equals(kind) || "job".equals(kind) ? kind : null;
    }

    private JsonNode leaf(JsonNode schema, List<String> steps) {
        JsonNode current = schema;
        for (String step : steps) {
            JsonNode resolved = flatten(current);
            current = step.equals("*")
                    ? resolved.path("items")
                    : resolved.path("properties").path(step);
        }
        return current;
    }

    /** A minimal valid value of the schema with the place at {@code steps[i..]} set to the id. */
    private JsonNode withId(JsonNode given, List<String> steps, int i, long id) {
        JsonNode schema = flatten(given);
        if (i == steps.size()) {
            return idValue(schema, id);
        }
        if (steps.get(i).equals("*")) {
            ArrayNode array = NODES.arrayNode();
            array.add(withId(schema.path("items"), steps, i + 1, id));
            return array;
        }
        ObjectNode object = (ObjectNode) minimal(schema, 0);
        object.set(steps.get(i), withId(schema.path("properties").path(steps.get(i)), steps, i + 1, id));
        return object;
    }

    private JsonNode idValue(JsonNode schema, long id) {
        if (type(schema).equals("array")) {
            ArrayNode array = NODES.arrayNode();
            array.add(idValue(flatten(schema.path("items")), id));
            return array;
        }
        return type(schema).equals("integer") ? NODES.numberNode(id) : NODES.textNode(String.valueOf(id));
    }

    /** The least the schema accepts: required properties only, the first example or enum value, 1, "fuzz". */
    private JsonNode minimal(JsonNode given, int depth) {
        JsonNode schema = flatten(given);
        if (schema.has("examples") && schema.get("examples").size() > 0) {
            return schema.get("examples").get(0);
        }
        if (schema.has("enum")) {
            return schema.get("enum").get(0);
        }
        return switch (type(schema)) {
            case "object" -> {
                ObjectNode object = NODES.objectNode();
                if (depth < 5) {
                    for (JsonNode required : schema.path("required")) {
                        object.set(
                                required.asText(),
                                minimal(schema.path("properties").path(required.asText()), depth + 1));
                    }
                }
                yield object;
            }
            case "array" -> NODES.arrayNode();
            case "integer" ->
                NODES.numberNode(Math.max(1, schema.path("minimum").asLong(1)));
            case "number" -> NODES.numberNode(1);
            case "boolean" -> NODES.booleanNode(false);
            case "string" -> NODES.textNode("fuzz");
            default -> NODES.objectNode(); // any JSON value
        };
    }

    private static String type(JsonNode schema) {
        JsonNode type = schema.path("type");
        if (type.isArray()) {
            for (JsonNode t : type) {
                if (!t.asText().equals("null")) {
                    return t.asText();
                }
            }
        }
        if (type.isTextual()) {
            return type.asText();
        }
        return schema.has("properties") ? "object" : "";
    }

    /** The schema with its $ref followed and its first allOf/oneOf part taken when it has no shape of its own. */
    private JsonNode flatten(JsonNode given) {
        JsonNode schema = resolve(given);
        for (String combinator : List.of("allOf", "oneOf", "anyOf")) {
            if (schema.has(combinator) && !schema.has("type") && !schema.has("properties")) {
                return flatten(schema.get(combinator).get(0));
            }
        }
        return schema;
    }

    private JsonNode resolve(JsonNode node) {
        JsonNode current = node;
        for (int hops = 0; current.has("$ref") && hops < 10; hops++) {
            current = document.at(current.get("$ref").asText().substring(1));
        }
        return current;
    }
}
