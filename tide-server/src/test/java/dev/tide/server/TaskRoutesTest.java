package dev.tide.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.tide.api.NewTask;
import dev.tide.api.Outcome;
import dev.tide.api.TaskState;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class TaskRoutesTest extends HttpTestBase {

    @Test
    void enqueueAnswers201WithTheStoredTask() {
        var answer = raw.post("v1/tasks", "{\"type\":\"email\",\"payload\":{\"to\": \"ada\"},\"priority\":3}");

        assertThat(answer.status()).as(answer.toString()).isEqualTo(201);
        assertThat(answer.header("Content-Type")).startsWith("application/json");
        JsonNode json = answer.json();
        assertThat(json.path("created").asBoolean()).isTrue();
        long id = json.path("task").path("id").asLong();
        assertThat(json.path("task").has("payload"))
                .as("not echoed unless asked")
                .isFalse();
        assertThat(engine.task(id).priority()).isEqualTo(3);
        assertThat(engine.task(id).payload()).isEqualTo("{\"to\":\"ada\"}");
    }

    @Test
    void anIdempotencyKeyTakenAnswers200WithTheExistingTask() {
        String body = "{\"type\":\"email\",\"payload\":{\"to\":\"ada\"},\"idempotencyKey\":\"k1\"}";
        long first = raw.post("v1/tasks", body).json().path("task").path("id").asLong();

        var again = raw.post("v1/tasks", body);

        assertThat(again.status()).isEqualTo(200);
        assertThat(again.json().path("created").asBoolean()).isFalse();
        assertThat(again.json().path("task").path("id").asLong()).isEqualTo(first);
        assertThat(taskCount()).isEqualTo(1);
    }

    @Test
    void anIdempotencyKeyWithAnotherPayloadIsAConflictAndWritesNothing() {
        raw.post("v1/tasks", "{\"type\":\"email\",\"payload\":{\"to\":\"ada\"},\"idempotencyKey\":\"k1\"}");

        var answer =
                raw.post("v1/tasks", "{\"type\":\"email\",\"payload\":{\"to\":\"bob\"},\"idempotencyKey\":\"k1\"}");

        assertRefused(answer, 409, "conflict", null);
        assertThat(taskCount()).isEqualTo(1);
        assertThat(engine.task(1).payload()).isEqualTo("{\"to\":\"ada\"}");
    }

    @Test
    void batchEnqueueAnswers201WithOneResultPerTask() {
        var answer = raw.post("v1/tasks/batch", "{\"tasks\":[{\"type\":\"a\"},{\"type\":\"b\",\"queue\":\"q2\"}]}");

        assertThat(answer.status()).as(answer.toString()).isEqualTo(201);
        JsonNode results = answer.json().path("results");
        assertThat(results).hasSize(2);
        assertThat(results.get(1).path("task").path("queue").asText()).isEqualTo("q2");
        assertThat(results.get(1).path("created").asBoolean()).isTrue();
        assertThat(taskCount()).isEqualTo(2);
    }

    @Test
    void aBatchWithOneInvalidTaskIsRefusedWhole() {
        var answer = raw.post("v1/tasks/batch", "{\"tasks\":[{\"type\":\"a\"},{\"type\":\"b\",\"maxAttempts\":0}]}");

        assertInvalid(answer, "tasks[1].maxAttempts");
        assertThat(taskCount()).isZero();
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource(
            delimiter = '|',
            value = {
                "{\"type\":\"a\"                           | body",
                "{\"type\":\"a\"} trailing                  | body",
                "[1,2]                                      | body",
                "{\"type\":\"a\",\"colour\":\"red\"}        | colour",
                "{\"type\":\"a\",\"priority\":\"high\"}     | priority",
                "{\"type\":\"a\",\"priority\":1.5}          | priority",
                "{\"type\":\"a\",\"delay\":\"soon\"}        | delay",
                "{\"type\":\"a\",\"runAt\":\"tomorrow\"}    | runAt",
                "{\"type\":\"a\",\"runAt\":1893456000}      | runAt",
                "{\"type\":\"a\",\"delay\":60}              | delay",
                "{\"queue\":\"q\"}                          | type",
                "{\"type\":\"no spaces\"}                   | type",
                "{\"type\":\"a\",\"maxAttempts\":0}         | maxAttempts",
                "{\"type\":\"a\",\"jobId\":999}             | jobId",
            })
    void aBadTaskIsRefusedNamingTheFieldAndWritesNothing(String body, String field) {
        var answer = raw.post("v1/tasks", body);

        assertInvalid(answer, field);
        assertThat(taskCount()).isZero();
    }

    @Test
    void aMissingBodyIsRefused() {
        assertInvalid(raw.post("v1/tasks", null), "body");
        assertInvalid(raw.post("v1/tasks", "null"), "body");
        assertInvalid(raw.post("v1/tasks/batch", "{}"), "tasks");
        assertThat(taskCount()).isZero();
    }

    @Test
    void taskAnswersLeaveOutPayloadAndResultUnlessAsked() {
        String big = "{\"blob\":\"" + "x".repeat(50_000) + "\"}";
        var plain = raw.post("v1/tasks", "{\"type\":\"scan\",\"payload\":" + big + "}");
        assertThat(plain.status()).isEqualTo(201);
        assertThat(plain.text().length()).as("the payload is not sent back").isLessThan(2_000);
        long id = plain.json().path("task").path("id").asLong();
        var asked = raw.post("v1/tasks?include=payload", "{\"type\":\"scan\",\"payload\":{\"n\":2}}");
        assertThat(asked.json().path("task").path("payload").path("n").asInt()).isEqualTo(2);

        var batch = raw.post("v1/tasks/batch", "{\"tasks\":[{\"type\":\"scan\",\"payload\":{\"n\":3}}]}");
        assertThat(batch.json().path("results").get(0).path("task").has("payload"))
                .isFalse();
        assertThat(raw.post("v1/tasks/batch?include=payload", "{\"tasks\":[{\"type\":\"scan\",\"payload\":{\"n\":4}}]}")
                        .json()
                        .path("results")
                        .get(0)
                        .path("task")
                        .path("payload")
                        .path("n")
                        .asInt())
                .isEqualTo(4);

        JsonNode page = raw.get("v1/tasks?type=scan").json().path("items");
        assertThat(page).hasSize(4).allSatisfy(t -> assertThat(t.has("payload")).isFalse());
        assertThat(raw.get("v1/tasks?type=scan&include=payload")
                        .json()
                        .path("items")
                        .get(0)
                        .path("payload")
                        .isObject())
                .isTrue();

        // enqueue-and-claim: the worker gets the payload it needs with its lease; the enqueue echo leaves it out
        var both = raw.post(
                "v1/tasks/enqueue-and-claim", "{\"task\":{\"type\":\"scan\",\"payload\":{\"n\":5}},\"worker\":\"w\"}");
        assertThat(both.json()
                        .path("leased")
                        .path("task")
                        .path("payload")
                        .path("n")
                        .asInt())
                .isEqualTo(5);
        assertThat(both.json().path("enqueued").path("task").has("payload")).isFalse();

        // a finished task's result, like its payload, only when asked
        engine.ack(claimOne("w").ack().resultJson("{\"done\":true}").succeed());
        var withResult =
                raw.get("v1/tasks?state=finished&include=payload").json().path("items");
        assertThat(withResult).anySatisfy(t -> assertThat(t.has("result")).isTrue());
        assertThat(raw.get("v1/tasks?state=finished").json().path("items"))
                .allSatisfy(t -> assertThat(t.has("result")).isFalse());

        assertInvalid(raw.get("v1/tasks/" + id + "?include=everything"), "include");
        assertInvalid(raw.post("v1/tasks?include=result", "{\"type\":\"scan\"}"), "include");
    }

    @Test
    void getTaskAnswersTheTaskOr404() {
        long id = enqueue("email");

        var answer = raw.get("v1/tasks/" + id);

        assertThat(answer.status()).isEqualTo(200);
        assertThat(answer.json().path("id").asLong()).isEqualTo(id);
        assertThat(answer.json().path("state").asText()).isEqualTo("ready");
        assertThat(answer.json().has("payload")).isFalse();
        assertThat(raw.get("v1/tasks/" + id + "?include=payload")
                        .json()
                        .path("payload")
                        .path("n")
                        .asInt())
                .isEqualTo(1);
        assertRefused(raw.get("v1/tasks/" + (id + 100)), 404, "not_found", null);
    }

    @ParameterizedTest
    @CsvSource({"abc", "0", "-3", "1.5", "99999999999999999999"})
    void aBadIdInThePathIsRefusedNamingIt(String id) {
        assertInvalid(raw.get("v1/tasks/" + id), "id");
        assertInvalid(raw.post("v1/tasks/" + id + "/cancel", null), "id");
    }

    @Test
    void listFiltersSortsAndPages() {
        for (int i = 0; i < 5; i++) {
            engine.enqueue(NewTask.builder("a").priority(i).build());
        }
        engine.enqueue(NewTask.of("b", null));

        var firstPage = raw.get("v1/tasks?type=a&sort=priority&order=desc&limit=2");
        assertThat(firstPage.status()).as(firstPage.toString()).isEqualTo(200);
        JsonNode items = firstPage.json().path("items");
        assertThat(items).hasSize(2);
        assertThat(items.get(0).path("priority").asInt()).isEqualTo(4);
        assertThat(items.get(1).path("priority").asInt()).isEqualTo(3);
        String cursor = firstPage.json().path("nextCursor").asText();
        assertThat(cursor).isNotBlank();

        var secondPage = raw.get("v1/tasks?type=a&sort=priority&order=desc&limit=2&cursor=" + cursor);
        assertThat(secondPage.json().path("items").get(0).path("priority").asInt())
                .isEqualTo(2);

        var ready = raw.get("v1/tasks?state=ready&queue=default&errorsOnly=false");
        assertThat(ready.json().path("items")).hasSize(6);
        assertThat(raw.get("v1/tasks?outcome=failed").json().path("items")).isEmpty();
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource({
        "state=bogus, state",
        "outcome=lost, outcome",
        "sort=colour, sort",
        "order=sideways, order",
        "errorsOnly=maybe, errorsOnly",
        "limit=-1, limit",
        "limit=0, limit",
        "limit=1001, limit",
        "limit=ten, limit",
        "job=x, job",
        "job=0, job",
        "colour=red, colour",
        "type=a&type=b, type",
        "receivedFrom=yesterday, receivedFrom",
        "receivedFrom=2026-01-02T00:00:00Z&receivedTo=2026-01-01T00:00:00Z, receivedTo",
        "runAtTo=2026-13-01T00:00:00Z, runAtTo",
        "finishedFrom=2026-01-01T00:00:00Z&finishedTo=2026-01-01T00:00:00Z, finishedTo",
        "finishedFrom=-999999999-01-01T00:00:00Z, finishedFrom",
        "receivedTo=+10000-01-01T00:00:00Z, receivedTo",
        "errorText=, errorText",
        "payloadPath=a..b&payloadValue=1, payloadPath",
        "payloadPath=a.b, payloadValue",
        "payloadValue=1, payloadPath",
    })
    void aBadQueryParameterIsRefusedNamingIt(String query, String field) {
        assertInvalid(raw.get("v1/tasks?" + query), field);
        if (!List.of("sort", "order", "limit").contains(field)) {
            // The count takes the same filters (and no order or page).
            assertInvalid(raw.get("v1/tasks/count?" + query), field);
        }
    }

    @Test
    void theListTakesTimeWindowsErrorTextAndPayloadContent() {
        long ann = engine.enqueue(NewTask.builder("scan")
                        .payloadJson("{\"customer\":{\"id\":42}}")
                        .build())
                .id();
        engine.enqueue(
                NewTask.builder("scan").payloadJson("{\"customer\":{\"id\":7}}").build());

        var page = raw.get("v1/tasks?payloadPath=customer.id&payloadValue=42&receivedFrom=2000-01-01T00:00:00Z"
                + "&receivedTo=2100-01-01T00:00:00Z&runAtTo=2100-01-01T00:00:00Z");
        assertThat(page.status()).as(page.toString()).isEqualTo(200);
        assertThat(page.json().path("items")).hasSize(1);
        assertThat(page.json().path("items").get(0).path("id").asLong()).isEqualTo(ann);
        assertThat(page.json().path("partial").asBoolean()).isFalse();
        assertThat(raw.get("v1/tasks?errorText=timeout").json().path("items")).isEmpty();
        assertThat(raw.get("v1/tasks?finishedFrom=2000-01-01T00:00:00Z").json().path("items"))
                .isEmpty();
    }

    @Test
    void theCountAnswersHowManyMatchAndWhetherItIsAnEstimate() {
        for (int i = 0; i < 3; i++) {
            engine.enqueue(NewTask.of("a", null));
        }
        engine.enqueue(NewTask.builder("b").queue("other").build());

        var all = raw.get("v1/tasks/count");
        assertThat(all.status()).as(all.toString()).isEqualTo(200);
        assertThat(all.json().path("value").asLong()).isEqualTo(4);
        assertThat(all.json().path("estimated").asBoolean()).isFalse();
        assertThat(raw.get("v1/tasks/count?type=a&state=ready")
                        .json()
                        .path("value")
                        .asLong())
                .isEqualTo(3);
        assertThat(raw.get("v1/tasks/count?queue=other").json().path("value").asLong())
                .isEqualTo(1);
        assertInvalid(raw.get("v1/tasks/count?limit=5"), "limit");
    }

    @Test
    void cancelEndsTheTaskWithTheReason() {
        long id = enqueue("email");

        var answer = raw.post("v1/tasks/" + id + "/cancel", "{\"reason\":\"not needed\"}");

        assertThat(answer.status()).as(answer.toString()).isEqualTo(200);
        assertThat(answer.json().path("outcome").asText()).isEqualTo("cancelled");
        assertThat(engine.task(id).message()).isEqualTo("not needed");
        assertRefused(raw.post("v1/tasks/" + id + "/cancel", null), 409, "conflict", null);
        assertRefused(raw.post("v1/tasks/9999/cancel", null), 404, "not_found", null);
    }

    @Test
    void aCancelWithABadBodyChangesNothing() {
        long id = enqueue("email");

        assertInvalid(raw.post("v1/tasks/" + id + "/cancel", "{\"why\":\"x\"}"), "why");
        assertInvalid(raw.post("v1/tasks/" + id + "/cancel", "{\"reason\":"), "body");

        assertThat(engine.task(id).state()).isEqualTo(TaskState.READY);
    }

    @Test
    void retryMakesACancelledTaskReadyAgain() {
        long id = enqueue("email");
        engine.cancel(id, "oops");

        var answer = raw.post("v1/tasks/" + id + "/retry", null);

        assertThat(answer.status()).as(answer.toString()).isEqualTo(200);
        assertThat(answer.json().path("state").asText()).isEqualTo("ready");
        assertThat(engine.task(id).outcome()).isNull();
        assertRefused(raw.post("v1/tasks/" + id + "/retry", null), 409, "conflict", null);
        assertRefused(raw.post("v1/tasks/9999/retry", "{}"), 404, "not_found", null);
        assertInvalid(raw.post("v1/tasks/" + id + "/retry", "{\"now\":true}"), "now");
    }

    @Test
    void aRetryWithABadBodyChangesNothing() {
        long id = enqueue("email");
        engine.cancel(id, "oops");

        assertInvalid(raw.post("v1/tasks/" + id + "/retry", "{\"now\":true}"), "now");

        assertThat(engine.task(id).outcome()).isEqualTo(Outcome.CANCELLED);
    }

    @Test
    void enqueueThroughTheClientRoundTripsEveryField() {
        var sent = NewTask.builder("report")
                .queue("reports")
                .payload(Map.of("month", "2030-01"))
                .owner("ada")
                .priority(7)
                .delay(java.time.Duration.ofMinutes(5))
                .deadline(START.plusSeconds(3600))
                .maxAttempts(2)
                .idempotencyKey("jan")
                .build();

        var result = client.enqueue(sent);

        assertThat(result.created()).isTrue();
        assertThat(result.task()).isEqualTo(engine.task(result.id()));
        assertThat(result.task().state()).isEqualTo(TaskState.SCHEDULED);
        assertThat(result.task().runAt()).isEqualTo(START.plusSeconds(300));
    }
}
