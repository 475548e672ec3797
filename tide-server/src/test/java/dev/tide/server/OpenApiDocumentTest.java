package dev.tide.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.swagger.v3.parser.OpenAPIV3Parser;
import io.swagger.v3.parser.core.models.ParseOptions;
import io.swagger.v3.parser.core.models.SwaggerParseResult;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * The served OpenAPI document against the server itself: it names exactly the routes the server registers, it is
 * valid OpenAPI, and real answers have the shapes it documents.
 */
class OpenApiDocumentTest extends HttpTestBase {
    private static final Set<String> METHODS = Set.of("get", "put", "post", "delete", "patch", "head", "options");

    @Test
    void documentsExactlyTheRoutesTheServerRegisters() {
        Set<String> registered = fixture.server().endpoints();
        Set<String> documented = documentedEndpoints(served());

        assertThat(registered).as("what the server reports").contains("POST /v1/tasks", "GET /v1/tasks/{id}");
        assertThat(documented)
                .as("routes the server registers but openapi.yaml does not document")
                .containsAll(registered);
        assertThat(registered)
                .as("routes openapi.yaml documents but the server does not register")
                .containsAll(documented);
    }

    @Test
    void documentsWhoMayCallEachRouteAsTheServerEnforcesIt() {
        JsonNode paths = served().path("paths");
        Map<String, Set<Access>> registered = fixture.server().access();

        assertThat(registered.values())
                .as("every route names its access")
                .allSatisfy(a -> assertThat(a).isNotEmpty());
        for (Map.Entry<String, Set<Access>> route : registered.entrySet()) {
            String[] methodAndPath = route.getKey().split(" ", 2);
            JsonNode operation = paths.path(methodAndPath[1]).path(methodAndPath[0].toLowerCase(Locale.ROOT));
            Set<String> documented = new TreeSet<>();
            operation.path("x-tide-access").forEach(a -> documented.add(a.asText()));
            Set<String> enforced = new TreeSet<>();
            route.getValue().forEach(a -> enforced.add(a.name().toLowerCase(Locale.ROOT)));
            assertThat(documented).as(route.getKey()).isEqualTo(enforced);
            boolean publicRoute = enforced.contains("public");
            assertThat(operation.path("security").isArray()
                            && operation.path("security").isEmpty())
                    .as(route.getKey() + ": security [] exactly on public routes")
                    .isEqualTo(publicRoute);
        }
    }

    /**
     * What generated clients need of each operation (docs/clients.md): one tag the document declares, which becomes
     * the client's class (TasksApi, ClaimsApi, ...), an operationId unique and usable as a method name, and a
     * description. spectral's lint in scripts/check-clients checks more; this keeps the main suite from drifting.
     */
    @Test
    void everyOperationHasADeclaredTagAUniqueOperationIdAndADescription() {
        JsonNode document = served();
        Set<String> declared = new TreeSet<>();
        document.path("tags").forEach(t -> {
            assertThat(t.path("description").asText())
                    .as("tag " + t.path("name"))
                    .isNotBlank();
            declared.add(t.path("name").asText());
        });
        Set<String> used = new TreeSet<>();
        Set<String> operationIds = new TreeSet<>();
        for (String endpoint : documentedEndpoints(document)) {
            String[] methodAndPath = endpoint.split(" ", 2);
            JsonNode operation =
                    document.path("paths").path(methodAndPath[1]).path(methodAndPath[0].toLowerCase(Locale.ROOT));
            assertThat(operation.path("tags").size()).as(endpoint + ": one tag").isEqualTo(1);
            String tag = operation.path("tags").path(0).asText();
            assertThat(declared).as(endpoint + ": its tag is declared").contains(tag);
            used.add(tag);
            String operationId = operation.path("operationId").asText();
            assertThat(operationId).as(endpoint + ": operationId").matches("[a-z][A-Za-z0-9]*");
            assertThat(operationIds.add(operationId))
                    .as(endpoint + ": operationId " + operationId + " is unique")
                    .isTrue();
            assertThat(operation.path("description").asText())
                    .as(endpoint + ": description")
                    .isNotBlank();
        }
        assertThat(used).as("every declared tag has operations").isEqualTo(declared);
    }

    @Test
    void isValidOpenApiAsWrittenAndAsServed() {
        ParseOptions options = new ParseOptions();
        options.setResolve(true);
        OpenAPIV3Parser parser = new OpenAPIV3Parser();

        for (String text : new String[] {resource(), raw.get("v1/openapi.json").text()}) {
            SwaggerParseResult result = parser.readContents(text, null, options);

            assertThat(result.getMessages()).isEmpty();
            assertThat(result.getOpenAPI().getOpenapi()).isEqualTo("3.1.0");
            assertThat(result.getOpenAPI().getPaths()).containsKey("/v1/tasks/{id}/ack");
        }
    }

    @Test
    void aGetWithABodyIsAnsweredWholeOnAConnectionThatStays() {
        // No route reads a GET's body: left unread, Jetty closed the connection and the reset could cut the document
        // short under the client (found by ApiFuzzTest once the document grew).
        String body = "{\"spoilt\": \"" + "x".repeat(4000) + "\"}";
        for (int i = 0; i < 20; i++) {
            var yaml = raw.send("GET", "v1/openapi.yaml", body);
            assertThat(yaml.status()).isEqualTo(200);
            assertThat(yaml.text()).isEqualTo(resource());
        }
    }

    @Test
    void servesTheYamlAsWrittenAndTheSameDocumentAsJson() {
        var yaml = raw.get("v1/openapi.yaml");
        var json = raw.get("v1/openapi.json");

        assertThat(yaml.status()).isEqualTo(200);
        assertThat(yaml.header("Content-Type")).startsWith("application/yaml");
        assertThat(yaml.text()).isEqualTo(resource());
        assertThat(json.status()).isEqualTo(200);
        assertThat(json.header("Content-Type")).startsWith("application/json");
        assertThat(json.json().path("openapi").asText()).isEqualTo("3.1.0");
    }

    @Test
    void answersOfAWorkersRoundHaveTheDocumentedShapes() {
        DocumentedResponses documented = new DocumentedResponses(served());

        String task =
                "{\"type\":\"email\",\"payload\":{\"to\":\"ada\"},\"owner\":\"teacher\",\"idempotencyKey\":\"k1\","
                        + "\"deadline\":\"2030-01-08T09:00:00Z\"}";
        var enqueued = raw.post("v1/tasks", task);
        assertThat(enqueued.status()).isEqualTo(201);
        documented.assertConforms("POST", "/v1/tasks", enqueued);
        var again = raw.post("v1/tasks", task);
        assertThat(again.status()).isEqualTo(200);
        documented.assertConforms("POST", "/v1/tasks", again);
        long id = enqueued.json().path("task").path("id").asLong();

        var claimed = raw.post("v1/claims", "{\"worker\":\"mailer-1\",\"limit\":5,\"leaseDuration\":\"PT1M\"}");
        assertThat(claimed.json().path("tasks")).hasSize(1);
        documented.assertConforms("POST", "/v1/claims", claimed);
        String token =
                claimed.json().path("tasks").path(0).path("lease").path("token").asText();
        documented.assertConforms("GET", "/v1/tasks/{id}", raw.get("v1/tasks/" + id));
        documented.assertConforms(
                "POST", "/v1/tasks/{id}/heartbeat", raw.post("v1/tasks/" + id + "/heartbeat", tokenBody(token)));
        documented.assertConforms("GET", "/v1/workers/{worker}/leases", raw.get("v1/workers/mailer-1/leases"));

        var acked = raw.post(
                "v1/tasks/" + id + "/ack",
                "{\"token\":\"" + token + "\",\"kind\":\"succeed\",\"result\":{\"sent\":true},"
                        + "\"enqueue\":[{\"type\":\"receipt\"}]}");
        assertThat(acked.status()).as(acked.toString()).isEqualTo(200);
        documented.assertConforms("POST", "/v1/tasks/{id}/ack", acked);
        var finished = raw.get("v1/tasks/" + id);
        assertThat(finished.json().path("status").asText()).isEqualTo("succeeded");
        documented.assertConforms("GET", "/v1/tasks/{id}", finished);
        documented.assertConforms("GET", "/v1/tasks", raw.get("v1/tasks?limit=1"));
        documented.assertConforms("GET", "/v1/status", raw.get("v1/status"));
        documented.assertConforms("GET", "/healthz", raw.get("healthz"));
        documented.assertConforms("GET", "/readyz", raw.get("readyz"));
    }

    @Test
    void answersOfJobsQueuesAndTheEventLogHaveTheDocumentedShapes() {
        DocumentedResponses documented = new DocumentedResponses(served());

        var job = raw.post(
                "v1/jobs",
                "{\"type\":\"mailing\",\"owner\":\"teacher\",\"info\":{\"cursor\":0},\"tasks\":[{\"type\":\"email\"}]}");
        assertThat(job.status()).as(job.toString()).isEqualTo(201);
        documented.assertConforms("POST", "/v1/jobs", job);
        documented.assertConforms("GET", "/v1/status", raw.get("v1/status"));
        documented.assertConforms(
                "PUT", "/v1/queues/{name}", raw.put("v1/queues/frames", "{\"discipline\":\"fair\",\"maxPending\":1}"));
        documented.assertConforms("POST", "/v1/queues/{name}/suspend", raw.post("v1/queues/frames/suspend", "{}"));
        documented.assertConforms("GET", "/v1/queues", raw.get("v1/queues"));
        documented.assertConforms("GET", "/v1/events", raw.get("v1/events"));
        documented.assertConforms("GET", "/v1/stats", raw.get("v1/stats"));
    }

    @Test
    void answersOfProcessorsNodesAndQueueUsersHaveTheDocumentedShapes() {
        DocumentedResponses documented = new DocumentedResponses(served());
        engine.processorHost().addHandlers(java.util.Map.of("stamp", ctx -> {}));

        var defined = raw.put(
                "v1/processors/stamper",
                "{\"queue\":\"deposits\",\"types\":[\"stamp\"],\"users\":{\"preferred\":[\"crossref\"]},\"threads\":2}");
        assertThat(defined.status()).as(defined.toString()).isEqualTo(200);
        documented.assertConforms("PUT", "/v1/processors/{name}", defined);
        documented.assertConforms(
                "PUT",
                "/v1/processors/{name}",
                raw.put(
                        "v1/processors/intake",
                        "{\"kind\":\"remote\",\"users\":{\"required\":[\"crossref\"]},\"maxPayloadBytes\":1000}"));
        documented.assertConforms("POST", "/v1/processors/{name}/start", raw.post("v1/processors/stamper/start", "{}"));
        documented.assertConforms("POST", "/v1/processors/{name}/start", raw.post("v1/processors/intake/start", null));
        raw.post("v1/tasks", "{\"type\":\"t\",\"owner\":\"crossref\"}");
        var claimed = raw.post("v1/claims", "{\"processor\":\"intake\",\"worker\":\"ds3-1\",\"limit\":5}");
        assertThat(claimed.json().path("tasks")).hasSize(1);
        documented.assertConforms("POST", "/v1/claims", claimed);
        engine.processorHost().runOnce();
        var listed = raw.get("v1/processors");
        assertThat(listed.json().path("processors")).hasSize(2);
        assertThat(listed.json().path("processors").path(0).path("runs")).isNotEmpty();
        documented.assertConforms("GET", "/v1/processors", listed);
        engine.passes().recordNode();
        var nodes = raw.get("v1/nodes");
        assertThat(nodes.json().path("nodes").path(0).path("processors")).hasSize(2);
        documented.assertConforms("GET", "/v1/nodes", nodes);
        documented.assertConforms("GET", "/v1/processors/{name}", raw.get("v1/processors/intake"));
        documented.assertConforms("POST", "/v1/processors/{name}/stop", raw.post("v1/processors/stamper/stop", "{}"));
        documented.assertConforms("GET", "/v1/processors/{name}", raw.get("v1/processors/nobody"));
        assertThat(raw.send("DELETE", "v1/processors/intake", null).status()).isEqualTo(204);
        documented.assertConforms("DELETE", "/v1/processors/{name}", raw.send("DELETE", "v1/processors/intake", null));
        documented.assertConforms(
                "PUT", "/v1/processors/{name}", raw.put("v1/processors/bad", "{\"kind\":\"remote\",\"threads\":2}"));

        raw.put("v1/queues/deposits", "{\"discipline\":\"fair\",\"maxPendingPerUser\":10}");
        documented.assertConforms(
                "PATCH",
                "/v1/queues/{name}/users",
                raw.send("PATCH", "v1/queues/deposits/users", "{\"users\":[\"crossref\"],\"maxPending\":100}"));
        documented.assertConforms(
                "PATCH",
                "/v1/queues/{name}/users",
                raw.send("PATCH", "v1/queues/deposits/users", "{\"users\":[\"x\"]}"));
        documented.assertConforms("GET", "/v1/queues/{name}/users", raw.get("v1/queues/deposits/users"));
    }

    @Test
    void errorAnswersHaveTheDocumentedShape() {
        DocumentedResponses documented = new DocumentedResponses(served());
        LeasedTaskIds leased = leaseOne();

        var invalid = raw.post("v1/tasks", "{\"type\":\"email\",\"colour\":\"red\"}");
        assertInvalid(invalid, "colour");
        documented.assertConforms("POST", "/v1/tasks", invalid);

        var missing = raw.get("v1/tasks/999");
        assertRefused(missing, 404, "not_found", null);
        documented.assertConforms("GET", "/v1/tasks/{id}", missing);

        var stale = raw.post("v1/tasks/" + leased.id() + "/heartbeat", tokenBody("not-the-token"));
        assertRefused(stale, 409, "lease_lost", null);
        documented.assertConforms("POST", "/v1/tasks/{id}/heartbeat", stale);

        var notReady = raw.post("v1/tasks/" + leased.id() + "/claim", "{\"worker\":\"other\"}");
        assertRefused(notReady, 409, "conflict", null);
        documented.assertConforms("POST", "/v1/tasks/{id}/claim", notReady);

        raw.put("v1/queues/frames", "{\"maxPending\":1}");
        raw.post("v1/tasks", "{\"type\":\"frame\",\"queue\":\"frames\"}");
        var full = raw.post("v1/tasks", "{\"type\":\"frame\",\"queue\":\"frames\"}");
        assertRefused(full, 429, "pending_limit", null);
        documented.assertConforms("POST", "/v1/tasks", full);
    }

    @Test
    void aBodyUnlikeTheDocumentedOneIsCaught() {
        DocumentedResponses documented = new DocumentedResponses(served());
        long id = enqueue("email");
        var task = raw.get("v1/tasks/" + id);
        ObjectNode extraField = ((ObjectNode) task.json()).put("undocumented", 1);
        ObjectNode badInstant = ((ObjectNode) task.json()).put("createdAt", "yesterday");
        ObjectNode badState = ((ObjectNode) task.json()).put("state", "sleeping");

        assertThat(documented.problems("GET", "/v1/tasks/{id}", task)).isEmpty();
        for (ObjectNode unlike : List.of(extraField, badInstant, badState)) {
            var altered = new RawHttp.Answer(200, unlike.toString(), task.response());
            assertThat(documented.problems("GET", "/v1/tasks/{id}", altered))
                    .as(unlike.toString())
                    .isNotEmpty();
        }
    }

    private record LeasedTaskIds(long id, String token) {}

    private LeasedTaskIds leaseOne() {
        var leased = claimOne("mailer-1");
        return new LeasedTaskIds(leased.task().id(), leased.lease().token());
    }

    private static String tokenBody(String token) {
        return "{\"token\":\"" + token + "\"}";
    }

    private JsonNode served() {
        var answer = raw.get("v1/openapi.json");
        assertThat(answer.status()).as(answer.toString()).isEqualTo(200);
        return answer.json();
    }

    /** Every operation of the document, as {@code "GET /v1/tasks/{id}"}. */
    private static Set<String> documentedEndpoints(JsonNode document) {
        Set<String> endpoints = new TreeSet<>();
        for (Iterator<String> paths = document.path("paths").fieldNames(); paths.hasNext(); ) {
            String path = paths.next();
            document.path("paths").path(path).fieldNames().forEachRemaining(key -> {
                if (METHODS.contains(key)) {
                    endpoints.add(key.toUpperCase(Locale.ROOT) + " " + path);
                }
            });
        }
        return endpoints;
    }

    private static String resource() {
        try (InputStream in = TideServer.class.getResourceAsStream(OpenApiRoutes.RESOURCE)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
