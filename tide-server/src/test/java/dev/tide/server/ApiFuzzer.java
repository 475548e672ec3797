package dev.tide.server;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.tide.api.json.Json;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigInteger;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.function.Supplier;

/**
 * Sends every operation of the served OpenAPI document a request built from its own schema and then spoilt: a value of
 * another JSON type, a time or number at or past its edge ({@code x-tide-range}), a required field left out, a field
 * added, ten thousand nested arrays, an oversized or strange string, a key given twice, bytes that are not UTF-8, an
 * unknown or repeated query parameter, a malformed path id. Whatever it sends, the server must answer: no 500 (a 503 or
 * 507 only where the operation declares it), every error as Tide's JSON problem body, and nothing written when it
 * refuses (the {@link StoreSnapshot} before and after agree).
 */
final class ApiFuzzer {
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
    private static final String DEEP = "\"\\u0000deep\"";
    private static final int NESTING = 10_000;
    /** A body the server may close the connection on rather than read to the end after refusing the request. */
    private static final int LARGE = 8 * 1024;
    /**
     * Operations that would end the fuzzer's own session, or start handlers that change tasks in the background (which
     * the comparison of the store before and after a refusal cannot tell from a write).
     */
    private static final List<String> SKIPPED = List.of("signOut", "startProcessor");

    private HttpClient http = newClient();
    private final URI base;
    private final String token;
    private final Supplier<StoreSnapshot> snapshot;
    private final JsonNode document;
    private final Instant now;
    private final List<Operation> operations = new ArrayList<>();
    private final List<String> failures = new ArrayList<>();
    private final Map<Integer, Integer> statuses = new java.util.TreeMap<>();

    record Operation(String id, String method, String path, JsonNode operation, JsonNode pathItem) {}

    ApiFuzzer(URI base, String token, Instant now, Supplier<StoreSnapshot> snapshot) {
        this.base = base;
        this.token = token;
        this.now = now;
        this.snapshot = snapshot;
        this.document = served();
        document.path("paths")
                .properties()
                .forEach(path -> path.getValue().properties().forEach(op -> {
                    if (op.getValue().has("responses")
                            && !SKIPPED.contains(
                                    op.getValue().path("operationId").asText())) {
                        operations.add(new Operation(
                                op.getValue().path("operationId").asText(),
                                op.getKey().toUpperCase(Locale.ROOT),
                                path.getKey(),
                                op.getValue(),
                                path.getValue()));
                    }
                }));
    }

    List<Operation> operations() {
        return operations;
    }

    /** How many answers of each status so far: the spread shows the requests reach past the parsing. */
    Map<Integer, Integer> statuses() {
        return Map.copyOf(statuses);
    }

    /** One spoilt request to every operation; what failed, each with its request. */
    List<String> everyOperationOnce(Random random) {
        failures.clear();
        StoreSnapshot before = snapshot.get();
        for (Operation op : operations) {
            before = send(op, random, before);
        }
        return List.copyOf(failures);
    }

    private StoreSnapshot send(Operation op, Random random, StoreSnapshot before) {
        String path = fillPath(op, random) + query(op, random);
        byte[] body = body(op, random);
        HttpResponse<String> answer;
        try {
            answer = exchange(op.method(), path, body, random.nextInt(40) != 0);
        } catch (UncheckedIOException e) {
            if (body != null && body.length > LARGE) {
                // Refused before its body was read (a bad query, no token): the server answers and closes the
                // connection while the client still writes, and java.net.http reports the write, not the answer.
                statuses.merge(-1, 1, Integer::sum);
                return snapshot.get();
            }
            throw e;
        }
        statuses.merge(answer.statusCode(), 1, Integer::sum);
        String request = op.method() + " " + path + " " + preview(body);
        int status = answer.statusCode();
        if (status >= 500 && !declares(op, status)) {
            failures.add(status + " (undeclared) for " + request + " -> " + preview(answer.body()));
        }
        if (status >= 400 && !isProblem(answer)) {
            failures.add("not a JSON problem body (" + status + ") for " + request + " -> " + preview(answer.body()));
        }
        StoreSnapshot after = snapshot.get();
        if (status >= 400 && !after.equals(before)) {
            failures.add("refused with " + status + " but changed " + after.changedSince(before) + " for " + request);
        }
        return after;
    }

    // --- the request -------------------------------------------------------------------------------------------

    private String fillPath(Operation op, Random random) {
        String path = op.path();
        path = path.replace("{id}", pick(random, "1", "2", "999999", "0", "-1", "abc", "9223372036854775808", "1.5"));
        path = path.replace("{worker}", pick(random, "w", "fuzz-w", "%C3%A9", "x".repeat(300)));
        path = path.replace("{key}", pick(random, "task:a", "job:j", "nonsense", "task:"));
        path = path.replace("{signal}", pick(random, "cpu", "x".repeat(300)));
        path = path.replace("{token}", pick(random, "nope", "tide_x"));
        // never the fuzzer's own account, whose token it uses
        path = path.replace(
                "{name}", pick(random, "a", "default", "fuzz", "nightly", "x".repeat(150), "%C3%A9", "a.b"));
        return path.substring(1);
    }

    private String query(Operation op, Random random) {
        List<String> names = new ArrayList<>();
        for (JsonNode p : parameters(op)) {
            if (p.path("in").asText().equals("query")) {
                names.add(p.path("name").asText());
            }
        }
        List<String> parts = new ArrayList<>();
        for (String name : names) {
            if (random.nextInt(3) == 0) {
                parts.add(name + "="
                        + encode(pick(
                                random,
                                "1",
                                "5",
                                "abc",
                                "-1",
                                "",
                                "99999999999999999999",
                                "desc",
                                "2030-W02",
                                "2030-01-07",
                                "true",
                                "ready",
                                "x".repeat(300))));
            }
        }
        switch (random.nextInt(6)) {
            case 0 -> parts.add("zzUnknown=1");
            case 1 -> {
                if (!names.isEmpty()) {
                    String name = names.get(random.nextInt(names.size()));
                    parts.add(name + "=1");
                    parts.add(name + "=2");
                }
            }
            case 2 -> parts.add(pick(random, "a=%C0%AF", "%00=1", "limit=%FF"));
            default -> {}
        }
        return parts.isEmpty() ? "" : "?" + String.join("&", parts);
    }

    private List<JsonNode> parameters(Operation op) {
        List<JsonNode> out = new ArrayList<>();
        for (JsonNode holder :
                List.of(op.pathItem().path("parameters"), op.operation().path("parameters"))) {
            holder.forEach(p -> out.add(resolve(p)));
        }
        return out;
    }

    private byte[] body(Operation op, Random random) {
        JsonNode content =
                resolve(op.operation().path("requestBody")).path("content").path("application/json");
        if (content.isMissingNode()) {
            return random.nextInt(4) == 0 ? utf8("{\"zzUnknown\": 1}") : null;
        }
        JsonNode schema = resolve(content.path("schema"));
        JsonNode valid = instance(schema, random, 0);
        int spoil = random.nextInt(10);
        return switch (spoil) {
            case 0 -> utf8(Json.write(valid)); // as generated
            case 1 -> utf8(withDeepNesting(valid, random));
            case 2 -> duplicateKey(valid);
            case 3 -> notUtf8(valid);
            default -> utf8(Json.write(spoilt(valid, schema, random)));
        };
    }

    /** A value the schema allows, or near enough: the spoiling comes after. */
    private JsonNode instance(JsonNode schemaRef, Random random, int depth) {
        JsonNode schema = resolve(schemaRef);
        if (schema.has("allOf")) {
            return instance(schema.path("allOf").get(0), random, depth);
        }
        if (schema.has("oneOf")) {
            return instance(schema.path("oneOf").get(0), random, depth);
        }
        if (schema.has("enum")) {
            return schema.path("enum").get(random.nextInt(schema.path("enum").size()));
        }
        String type = schema.path("type").isArray()
                ? schema.path("type").get(0).asText()
                : schema.path("type").asText();
        return switch (type) {
            case "string" -> NODES.textNode(text(schema, random));
            case "integer" -> NODES.numberNode(1 + random.nextInt(3));
            case "number" -> NODES.numberNode(0.5 + random.nextInt(3));
            case "boolean" -> NODES.booleanNode(random.nextBoolean());
            case "array" -> {
                ArrayNode array = NODES.arrayNode();
                int n = depth > 3 ? 0 : random.nextInt(3);
                for (int i = 0; i < n; i++) {
                    array.add(instance(schema.path("items"), random, depth + 1));
                }
                yield array;
            }
            case "object" -> {
                ObjectNode object = NODES.objectNode();
                List<String> required = new ArrayList<>();
                schema.path("required").forEach(r -> required.add(r.asText()));
                schema.path("properties").properties().forEach(p -> {
                    if (required.contains(p.getKey()) || (depth < 3 && random.nextBoolean())) {
                        object.set(p.getKey(), instance(p.getValue(), random, depth + 1));
                    }
                });
                yield object;
            }
            default -> random.nextBoolean() ? NODES.objectNode().put("n", 1) : NODES.textNode("any");
        };
    }

    private String text(JsonNode schema, Random random) {
        String format = schema.path("format").asText();
        if (format.equals("date-time")) {
            return now.plus(Duration.ofHours(1 + random.nextInt(48))).toString();
        }
        if (format.equals("duration")) {
            return pick(random, "PT30S", "PT5M", "PT1H");
        }
        if (schema.has("minLength")) {
            return "a-long-enough-password-" + random.nextInt(100);
        }
        return pick(random, "a", "default", "w", "fuzz", "nightly", "0 9 * * *", "task:a", "UTC", "09:00");
    }

    /** One spoiling, somewhere in the body. */
    private JsonNode spoilt(JsonNode valid, JsonNode schema, Random random) {
        if (!valid.isObject()) {
            return oddValue(random, null);
        }
        ObjectNode body = (ObjectNode) valid.deepCopy();
        List<Map.Entry<ObjectNode, JsonNode>> places = new ArrayList<>();
        collectObjects(body, resolve(schema), places);
        Map.Entry<ObjectNode, JsonNode> place = places.get(random.nextInt(places.size()));
        ObjectNode target = place.getKey();
        JsonNode targetSchema = place.getValue();
        List<String> fields = new ArrayList<>();
        targetSchema.path("properties").fieldNames().forEachRemaining(fields::add);
        switch (random.nextInt(5)) {
            case 0 -> target.put("zzUnknown", 1);
            case 1 -> {
                Iterator<JsonNode> required = targetSchema.path("required").elements();
                if (required.hasNext()) {
                    target.remove(required.next().asText());
                } else {
                    target.removeAll();
                }
            }
            default -> {
                if (fields.isEmpty()) {
                    target.put("zzUnknown", "x");
                } else {
                    String field = fields.get(random.nextInt(fields.size()));
                    target.set(
                            field,
                            oddValue(
                                    random,
                                    resolve(targetSchema.path("properties").path(field))));
                }
            }
        }
        return body;
    }

    /** Objects of the body, each with its schema, so a spoiling may land deep inside. */
    private void collectObjects(ObjectNode node, JsonNode schema, List<Map.Entry<ObjectNode, JsonNode>> out) {
        JsonNode s = resolve(schema);
        if (s.has("allOf")) {
            s = resolve(s.path("allOf").get(0));
        }
        out.add(Map.entry(node, s));
        JsonNode properties = s.path("properties");
        node.properties().forEach(e -> {
            JsonNode fieldSchema = resolve(properties.path(e.getKey()));
            if (e.getValue().isObject()) {
                collectObjects((ObjectNode) e.getValue(), fieldSchema, out);
            } else if (e.getValue().isArray()) {
                for (JsonNode item : e.getValue()) {
                    if (item.isObject()) {
                        collectObjects((ObjectNode) item, fieldSchema.path("items"), out);
                    }
                }
            }
        });
    }

    /** A wrong type, an extreme, or an edge of the field's x-tide-range (read beside its $ref). */
    private JsonNode oddValue(Random random, JsonNode field) {
        JsonNode range = field == null ? null : field.path("x-tide-range");
        if (range != null && range.isObject() && random.nextBoolean()) {
            return NODES.textNode(edge(range, random));
        }
        String format = field == null ? "" : resolve(field).path("format").asText();
        if ((format.equals("duration") || format.equals("date-time")) && random.nextBoolean()) {
            return NODES.textNode(pick(
                    random,
                    "PT99999999999999H",
                    "PT-99999999999999H",
                    "+999999999-12-31T23:59:59Z",
                    "-999999999-01-01T00:00:00Z",
                    "P0D",
                    "1970-01-01T00:00:00Z"));
        }
        return switch (random.nextInt(16)) {
            case 0 -> NODES.numberNode(5);
            case 1 -> NODES.textNode("5");
            case 2 -> NODES.booleanNode(true);
            case 3 -> NODES.arrayNode();
            case 4 -> NODES.objectNode();
            case 5 -> NODES.nullNode();
            case 6 -> NODES.numberNode(1.5);
            case 7 -> NODES.numberNode(new BigInteger("1" + "0".repeat(30)));
            case 8 -> NODES.numberNode(Long.MIN_VALUE);
            case 9 -> NODES.numberNode(-1e308);
            case 10 -> NODES.textNode("PT99999999999999H");
            case 11 -> NODES.textNode(pick(random, "+999999999-12-31T23:59:59Z", "-999999999-01-01T00:00:00Z"));
            case 12 -> NODES.textNode("x".repeat(50_000));
            case 13 -> NODES.textNode(pick(random, "\u0000", "a\ud800b", "\n", "", " ", "../..", "é".repeat(200)));
            case 14 -> {
                ArrayNode many = NODES.arrayNode();
                for (int i = 0; i < 20_000; i++) {
                    many.add("t" + i);
                }
                yield many;
            }
            default -> NODES.numberNode(0);
        };
    }

    private String edge(JsonNode range, Random random) {
        String min = range.path("min").asText();
        String max = range.path("max").asText();
        if (min.startsWith("P")) {
            Duration low = Duration.parse(min);
            Duration high = Duration.parse(max);
            return pick(random, low, high, low.minusMillis(1), high.plusSeconds(1))
                    .toString();
        }
        Instant earliest = Instant.parse(min);
        Instant latest =
                range.has("ahead") ? now.plus(Duration.parse(range.path("ahead").asText())) : Instant.parse(max);
        return pick(random, earliest, latest, earliest.minusSeconds(1), latest.plusSeconds(1), Instant.parse(max))
                .toString();
    }

    private String withDeepNesting(JsonNode valid, Random random) {
        String deep = "[".repeat(NESTING) + "]".repeat(NESTING);
        if (valid.isObject() && valid.size() > 0 && random.nextBoolean()) {
            ObjectNode copy = (ObjectNode) valid.deepCopy();
            String field = copy.fieldNames().next();
            copy.put(field, "\u0000deep");
            return Json.write(copy).replace(DEEP, deep);
        }
        return deep;
    }

    private static byte[] duplicateKey(JsonNode valid) {
        String text = Json.write(valid);
        if (!valid.isObject() || valid.size() == 0) {
            return utf8("{\"a\": 1, \"a\": 2}");
        }
        String field = valid.fieldNames().next();
        return utf8("{\"" + field + "\": " + Json.write(valid.get(field)) + ", " + text.substring(1));
    }

    private static byte[] notUtf8(JsonNode valid) {
        byte[] text = utf8(Json.write(valid));
        byte[] out = new byte[text.length + 4];
        System.arraycopy(text, 0, out, 0, text.length);
        // an overlong '/' inside a string at the end of the document
        out[text.length] = '"';
        out[text.length + 1] = (byte) 0xC0;
        out[text.length + 2] = (byte) 0xAF;
        out[text.length + 3] = '"';
        return out;
    }

    // --- the answer ----------------------------------------------------------------------------------------------

    /** A 5xx the operation names among its responses, or in its default response's description. */
    private boolean declares(Operation op, int status) {
        if (status != 503 && status != 507) {
            return false;
        }
        JsonNode responses = op.operation().path("responses");
        return responses.has(String.valueOf(status))
                || resolve(responses.path("default"))
                        .path("description")
                        .asText()
                        .contains(String.valueOf(status));
    }

    private static boolean isProblem(HttpResponse<String> answer) {
        if (!answer.headers().firstValue("Content-Type").orElse("").startsWith("application/json")) {
            return false;
        }
        try {
            JsonNode json = Json.mapper().readTree(answer.body());
            return json.path("error").isTextual() && json.path("message").isTextual();
        } catch (IOException e) {
            return false;
        }
    }

    // --- plumbing ----------------------------------------------------------------------------------------------

    private JsonNode resolve(JsonNode node) {
        JsonNode at = node;
        while (at.has("$ref")) {
            at = document.at(at.path("$ref").asText().substring(1));
        }
        return at;
    }

    private JsonNode served() {
        try {
            return Json.mapper()
                    .readTree(exchange("GET", "v1/openapi.json", null, false).body());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private HttpResponse<String> exchange(String method, String path, byte[] body, boolean authenticated) {
        HttpRequest.Builder request = HttpRequest.newBuilder(base.resolve(path))
                .timeout(Duration.ofSeconds(30))
                .header("Content-Type", "application/json")
                // A large body waits for the server's go-ahead: a request refused by its head (a bad query, no token)
                // is answered at once and its body never sent, instead of the connection closing under the upload.
                .expectContinue(body != null && body.length > 64 * 1024)
                .method(
                        method,
                        body == null
                                ? HttpRequest.BodyPublishers.noBody()
                                : HttpRequest.BodyPublishers.ofByteArray(body));
        if (authenticated) {
            request.header("Authorization", "Bearer " + token);
        }
        try {
            try {
                return http.send(request.build(), HttpResponse.BodyHandlers.ofString());
            } catch (IOException e) {
                // A refusal that left a large body unread ends its connection; one pooled for reuse then fails at once.
                http.close();
                http = newClient();
                return http.send(request.build(), HttpResponse.BodyHandlers.ofString());
            }
        } catch (IOException e) {
            throw new UncheckedIOException(method + " " + path, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    private static HttpClient newClient() {
        return HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
    }

    private static String encode(String value) {
        return URLEncoder.encode(value, StandardCharsets.UTF_8);
    }

    private static byte[] utf8(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }

    private static String preview(byte[] body) {
        return body == null ? "" : preview(new String(body, StandardCharsets.UTF_8));
    }

    private static String preview(String text) {
        return text.length() <= 300 ? text : text.substring(0, 300) + "... (" + text.length() + " chars)";
    }

    @SafeVarargs
    private static <T> T pick(Random random, T... choices) {
        return choices[random.nextInt(choices.length)];
    }
}
