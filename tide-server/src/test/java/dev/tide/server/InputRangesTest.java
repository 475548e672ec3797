package dev.tide.server;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tide.api.InputRanges;
import dev.tide.api.LeasedTask;
import dev.tide.api.TaskType;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.time.Instant;
import org.junit.jupiter.api.Test;

/**
 * Times and durations at the extremes are a 400 naming the field and its range, on every route that takes one, and
 * write nothing; a type stored out of range before the check existed bounds its tasks instead of failing them.
 */
class InputRangesTest extends HttpTestBase {
    private static final String HUGE = "\"PT99999999999999H\"";
    private static final String FAR_FUTURE = "\"+999999999-12-31T23:59:59Z\"";
    private static final String FAR_PAST = "\"-999999999-01-01T00:00:00Z\"";

    @Test
    void enqueueTimesOutOfRangeAreRefused() {
        for (String path : new String[] {"v1/tasks", "v1/tasks/batch", "v1/tasks/enqueue-and-claim"}) {
            String prefix = path.endsWith("batch") ? "tasks[1]." : ""; // enqueue-and-claim names its task's fields bare
            assertOutOfRange(post(path, "\"delay\": " + HUGE), prefix + "delay", InputRanges.DELAY.toString());
            assertOutOfRange(post(path, "\"delay\": \"PT-1S\""), prefix + "delay", InputRanges.DELAY.toString());
            for (String field : new String[] {"runAt", "deadline", "expiresAt"}) {
                for (String when : new String[] {FAR_FUTURE, FAR_PAST, "\"2140-01-01T00:00:00Z\""}) {
                    assertOutOfRange(post(path, "\"" + field + "\": " + when), prefix + field, "100 years");
                }
            }
        }
        assertThat(taskCount()).isZero();
    }

    @Test
    void leasesOutOfRangeAreRefused() {
        enqueue("a");
        String lease = InputRanges.LEASE.toString();
        for (String bad : new String[] {HUGE, "\"PT0.5S\"", "\"PT25H\""}) {
            assertOutOfRange(
                    raw.post("v1/claims", "{\"worker\": \"w\", \"limit\": 1, \"leaseDuration\": " + bad + "}"),
                    "leaseDuration",
                    lease);
            assertOutOfRange(
                    raw.post(
                            "v1/tasks/enqueue-and-claim",
                            "{\"task\": {\"type\": \"a\"}, \"worker\": \"w\", \"leaseDuration\": " + bad + "}"),
                    "leaseDuration",
                    lease);
        }
        assertThat(taskCount()).isEqualTo(1);
        assertThat(engine.leases("w")).isEmpty();

        LeasedTask held = claimOne("w");
        assertOutOfRange(
                raw.post(
                        "v1/tasks/" + held.id() + "/heartbeat",
                        "{\"token\": \"" + held.lease().token() + "\", \"extension\": " + HUGE + "}"),
                "extension",
                lease);
        assertOutOfRange(raw.post("v1/heartbeats", "{\"leases\": [], \"extension\": \"PT0S\"}"), "extension", lease);
        assertThat(engine.task(held.id()).leaseExpiresAt())
                .isEqualTo(held.lease().expiresAt());
    }

    @Test
    void jobParkAndTypeTimesOutOfRangeAreRefused() {
        assertOutOfRange(
                raw.post("v1/jobs", "{\"type\": \"j\", \"deadline\": " + FAR_FUTURE + "}"), "deadline", "100 years");
        assertOutOfRange(
                raw.post("v1/tasks/park", "{\"receivedFrom\": " + FAR_PAST + "}"), "receivedFrom", "1970-01-01");
        assertOutOfRange(
                raw.post(
                        "v1/bulk-actions",
                        "{\"action\": \"cancel\", \"filter\": {\"finishedFrom\": " + FAR_PAST + "}}"),
                "finishedFrom",
                "1970-01-01");
        assertOutOfRange(
                raw.put("v1/task-types/big", "{\"defaultDuration\": " + HUGE + "}"),
                "defaultDuration",
                InputRanges.DEFAULT_DURATION.toString());
        assertOutOfRange(raw.put("v1/task-types/big", "{\"leaseDuration\": " + HUGE + "}"), "leaseDuration", "PT24H");
        assertOutOfRange(
                raw.put("v1/job-types/big", "{\"taskDefaults\": {\"defaultDuration\": " + HUGE + "}}"),
                "taskDefaults.defaultDuration",
                "100 years");
        assertThat(engine.taskTypes()).isEmpty();
        assertThat(engine.jobTypes()).isEmpty();
    }

    @Test
    void theEdgesOfEachRangeAreAccepted() {
        Instant now = clock.instant();
        String ahead = "\"" + now.plus(InputRanges.AHEAD) + "\"";
        assertThat(post("v1/tasks", "\"deadline\": " + ahead).status()).isEqualTo(201);
        assertThat(post("v1/tasks", "\"delay\": \"P36525D\"").status()).isEqualTo(201);
        assertThat(raw.post("v1/claims", "{\"worker\": \"w\", \"limit\": 1, \"leaseDuration\": \"PT24H\"}")
                        .status())
                .isEqualTo(200);
        assertThat(raw.put("v1/task-types/t", "{\"leaseDuration\": \"PT1S\", \"defaultDuration\": \"P36525D\"}")
                        .status())
                .isEqualTo(200);
    }

    @Test
    void aTypeStoredOutOfRangeBoundsItsTasksAndIsReported() throws Exception {
        engine.defineTaskType(TaskType.named("big"));
        try (Connection db = DriverManager.getConnection(
                        "jdbc:sqlite:" + fixture.folder().resolve("tide.db"));
                PreparedStatement update =
                        db.prepareStatement("UPDATE tide_task_types SET definition = ? WHERE name = 'big'")) {
            update.setString(
                    1,
                    "{\"name\":\"big\",\"defaultDuration\":\"PT99999999999999H\",\"leaseDuration\":\"PT99999999999999H\"}");
            assertThat(update.executeUpdate()).isEqualTo(1);
        }
        engine.defineTaskType(TaskType.named("other")); // reloads the types

        RawHttp.Answer enqueued = raw.post("v1/tasks", "{\"type\": \"big\"}");

        assertThat(enqueued.status()).as(enqueued.toString()).isEqualTo(201);
        assertThat(enqueued.json().path("task").path("deadline").asText()).isEqualTo(InputRanges.LATEST.toString());
        assertThat(raw.post("v1/claims", "{\"worker\": \"w\", \"limit\": 1}").status())
                .isEqualTo(200);
        assertThat(engine.storedOutOfRange())
                .anySatisfy(line -> assertThat(line).startsWith("task type big: defaultDuration"))
                .anySatisfy(line -> assertThat(line).startsWith("task type big: leaseDuration"));
        assertThat(raw.get("v1/status").json().path("warnings").toString()).contains("task type big: defaultDuration");
    }

    @Test
    void scheduleAndTokenDurationsAtTheExtremesAreNoServerFault() {
        String[] extremes = {HUGE, "\"PT-99999999999999H\""};
        for (String d : extremes) {
            for (String field : new String[] {"misfireGrace", "window", "expireAfter"}) {
                RawHttp.Answer answer = raw.put(
                        "v1/schedules/s",
                        "{\"cron\": \"0 9 * * *\", \"task\": {\"type\": \"a\"}, \"" + field + "\": " + d + "}");
                assertThat(answer.status()).as(answer.toString()).isLessThan(500);
            }
            RawHttp.Answer token = raw.post("v1/users/admin/tokens", "{\"validFor\": " + d + "}");
            assertThat(token.status()).as(token.toString()).isLessThan(500);
        }
    }

    private RawHttp.Answer post(String path, String field) {
        String task = "{\"type\": \"a\", " + field + "}";
        String body = path.endsWith("batch")
                ? "{\"tasks\": [{\"type\": \"a\"}, " + task + "]}"
                : path.endsWith("claim") ? "{\"task\": " + task + ", \"worker\": \"w\"}" : task;
        return raw.post(path, body);
    }

    private static void assertOutOfRange(RawHttp.Answer answer, String field, String range) {
        assertInvalid(answer, field);
        assertThat(answer.json().path("message").asText()).as(answer.toString()).contains(range);
    }
}
