package dev.tide.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tide.api.EventQuery;
import dev.tide.api.InvalidRequestException;
import dev.tide.api.Misfire;
import dev.tide.api.NewTask;
import dev.tide.api.NotFoundException;
import dev.tide.api.Schedule;
import dev.tide.api.ScheduleInfo;
import dev.tide.api.TideEvent;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The schedule routes on the wire, and {@code TideClient} implementing the schedule methods over them. */
class ScheduleRoutesTest extends HttpTestBase {
    private static final String NIGHTLY = """
        {"cron":"30 2 * * *","zone":"Europe/Berlin","misfire":"skip","window":"PT1H",
         "task":{"type":"report","queue":"reports","payload":{"kind":"nightly"}}}\
        """;

    @Test
    void putDefinesAScheduleNamedByThePathAndGetReadsIt() {
        var answer = raw.put("v1/schedules/nightly", NIGHTLY);
        assertThat(answer.status()).as(answer.toString()).isEqualTo(200);
        assertThat(answer.json().path("schedule").path("name").asText()).isEqualTo("nightly");
        assertThat(answer.json().path("schedule").path("misfire").asText()).isEqualTo("skip");
        assertThat(answer.json().path("schedule").path("paused").asBoolean()).isFalse();
        assertThat(answer.json().path("nextFireAt").asText()).isEqualTo("2030-01-08T01:30:00Z");

        assertThat(raw.get("v1/schedules/nightly")
                        .json()
                        .path("schedule")
                        .path("cron")
                        .asText())
                .isEqualTo("30 2 * * *");
        assertThat(raw.get("v1/schedules")
                        .json()
                        .path("schedules")
                        .get(0)
                        .path("schedule")
                        .path("name")
                        .asText())
                .isEqualTo("nightly");
        var firings = raw.get("v1/schedules/nightly/firings?count=2");
        assertThat(firings.json().path("firings").get(1).asText()).isEqualTo("2030-01-09T01:30:00Z");

        var withName = raw.put("v1/schedules", NIGHTLY.replace("{\"cron\"", "{\"name\":\"other\",\"cron\""));
        assertThat(withName.status()).as(withName.toString()).isEqualTo(200);
        assertThat(engine.schedules().list()).extracting(ScheduleInfo::name).containsExactly("nightly", "other");
    }

    @Test
    void pauseResumeAndDeleteByName() {
        raw.put("v1/schedules/nightly", NIGHTLY);
        assertThat(raw.post("v1/schedules/nightly/pause", null)
                        .json()
                        .path("schedule")
                        .path("paused")
                        .asBoolean())
                .isTrue();
        assertInvalid(raw.post("v1/schedules/nightly/resume", "{\"now\":true}"), "now");
        assertThat(raw.post("v1/schedules/nightly/resume", "{}")
                        .json()
                        .path("schedule")
                        .path("paused")
                        .asBoolean())
                .isFalse();
        var deleted = raw.send("DELETE", "v1/schedules/nightly", null);
        assertThat(deleted.status()).as(deleted.toString()).isEqualTo(204);
        assertThat(engine.schedules().list()).isEmpty();
        assertThat(engine.monitoring().events(EventQuery.recent()))
                .extracting(TideEvent::kind)
                .filteredOn(kind -> kind.startsWith("schedule."))
                .containsExactly("schedule.deleted", "schedule.resumed", "schedule.paused", "schedule.defined");
    }

    @Test
    void badDefinitionsAreRefusedNamingTheFieldAndWriteNothing() {
        assertInvalid(raw.put("v1/schedules/s", NIGHTLY.replace("30 2 * * *", "30 25 * * *")), "cron");
        assertInvalid(raw.put("v1/schedules/s", NIGHTLY.replace("30 2 * * *", "0 0 30 2 *")), "cron");
        assertInvalid(raw.put("v1/schedules/s", NIGHTLY.replace("Europe/Berlin", "Mars/Olympus")), "zone");
        assertInvalid(raw.put("v1/schedules/s", NIGHTLY.replace("\"skip\"", "\"sometimes\"")), "misfire");
        assertInvalid(raw.put("v1/schedules/s", NIGHTLY.replace("PT1H", "PT0S")), "window");
        assertInvalid(
                raw.put(
                        "v1/schedules/s",
                        NIGHTLY.replace(
                                "\"type\":\"report\"", "\"type\":\"report\",\"runAt\":\"2030-01-01T00:00:00Z\"")),
                "task.runAt");
        assertInvalid(raw.put("v1/schedules/s", NIGHTLY.replace("\"cron\"", "\"crom\":1,\"cron\"")), "crom");
        assertInvalid(raw.put("v1/schedules/s", NIGHTLY.replace("{\"cron\"", "{\"name\":\"t\",\"cron\"")), "name");
        assertInvalid(raw.put("v1/schedules/bad%20name", NIGHTLY), "name");
        assertInvalid(raw.put("v1/schedules/s", "{\"cron\":\"* * * * *\"}"), "task");
        assertInvalid(raw.get("v1/schedules/s/firings?count=0"), "count");
        assertThat(engine.schedules().list()).isEmpty();
        assertThat(engine.monitoring().events(EventQuery.recent()))
                .extracting(TideEvent::kind)
                .noneMatch(kind -> kind.startsWith("schedule."));
    }

    @Test
    void unknownNamesAreNotFound() {
        assertRefused(raw.get("v1/schedules/none"), 404, "not_found", null);
        assertRefused(raw.get("v1/schedules/none/firings"), 404, "not_found", null);
        assertRefused(raw.post("v1/schedules/none/pause", null), 404, "not_found", null);
        assertRefused(raw.post("v1/schedules/none/resume", null), 404, "not_found", null);
        assertRefused(raw.send("DELETE", "v1/schedules/none", null), 404, "not_found", null);
    }

    @Test
    void theClientImplementsTheScheduleMethods() {
        Schedule every = Schedule.of("tick", "*/20 * * * * *", NewTask.of("tick", Map.of()))
                .withZone(ZoneId.of("America/New_York"))
                .withMisfire(Misfire.ALL, Duration.ofSeconds(5))
                .withExpireAfter(Duration.ofMinutes(1));
        ScheduleInfo defined = client.schedules().define(every);
        assertThat(defined.schedule()).isEqualTo(every.withPaused(false));
        assertThat(defined.nextFireAt()).isEqualTo(START.plusSeconds(20));
        assertThat(client.schedules().list()).containsExactly(defined);
        assertThat(client.schedules().get("tick")).isEqualTo(defined);
        assertThat(client.schedules().firings("tick", 3))
                .containsExactly(START.plusSeconds(20), START.plusSeconds(40), START.plusSeconds(60));
        assertThat(client.schedules().pause("tick").paused()).isTrue();
        clock.advance(Duration.ofMinutes(5));
        ScheduleInfo resumed = client.schedules().resume("tick");
        assertThat(resumed.paused()).isFalse();
        assertThat(resumed.nextFireAt())
                .isEqualTo(START.plus(Duration.ofMinutes(5)).plusSeconds(20));
        clock.advance(Duration.ofSeconds(20));
        assertThat(engine.passes().runSchedules()).isEqualTo(1);
        assertThat(client.schedules().get("tick").lastFiredAt()).isEqualTo(Instant.parse("2030-01-07T09:05:20Z"));
        client.schedules().delete("tick");
        assertThatThrownBy(() -> client.schedules().get("tick")).isInstanceOf(NotFoundException.class);
        assertThatThrownBy(() -> client.schedules().define(Schedule.of("x", "nope", NewTask.of("t", null))))
                .isInstanceOfSatisfying(
                        InvalidRequestException.class,
                        e -> assertThat(e.field()).isEqualTo("cron"));
    }
}
