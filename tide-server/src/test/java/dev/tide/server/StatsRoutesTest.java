package dev.tide.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.tide.api.Actor;
import dev.tide.api.ClaimRequest;
import dev.tide.api.EventQuery;
import dev.tide.api.HourlyStats;
import dev.tide.api.NewTask;
import dev.tide.api.StatsQuery;
import dev.tide.api.TideEvent;
import dev.tide.api.json.Json;
import dev.tide.client.TideClient;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@code GET /v1/stats}: the hourly statistics by week or range, over the wire and the client; and the actor a client
 * names, recorded with the administrators' actions it asks for.
 */
class StatsRoutesTest extends HttpTestBase {
    private static final Instant HOUR = Instant.parse("2030-01-07T09:00:00Z");

    private void startAndFinishTwo() {
        enqueue("email");
        enqueue("report");
        for (var task : engine.claim(ClaimRequest.of("default", "w", 2))) {
            engine.ack(task.ack().succeed());
        }
    }

    @Test
    void aWeekOrARangeOfHoursIsListedByHourThenType() {
        startAndFinishTwo();

        var answer = raw.get("v1/stats?week=2030-W02");
        assertThat(answer.status()).as(answer.toString()).isEqualTo(200);
        JsonNode hours = answer.json().path("hours");
        assertThat(hours).hasSize(2);
        assertThat(hours.get(0).path("taskType").asText()).isEqualTo("email");
        assertThat(hours.get(0).path("hour").asText()).isEqualTo(HOUR.toString());
        assertThat(hours.get(0).path("started").asLong()).isEqualTo(1);
        assertThat(hours.get(0).path("unitsUsed").asLong()).isEqualTo(1);

        assertThat(raw.get("v1/stats?from=2030-01-07&to=2030-01-08&type=report")
                        .json()
                        .path("hours"))
                .hasSize(1);
        assertThat(raw.get("v1/stats?week=2030-W03").json().path("hours")).isEmpty();
        assertThat(raw.get("v1/stats").json().path("hours"))
                .as("without a week or range: the current week of the server's clock")
                .hasSize(2);

        assertThat(client.monitoring().stats(StatsQuery.week("2030-W02")))
                .containsExactly(
                        new HourlyStats("email", HOUR, 1, 1, 0, 0, 0, 1),
                        new HourlyStats("report", HOUR, 1, 1, 0, 0, 0, 1));
        assertThat(client.monitoring().stats(new StatsQuery(HOUR, HOUR.plus(Duration.ofHours(1)), "email")))
                .isEqualTo(engine.monitoring().stats(new StatsQuery(HOUR, HOUR.plus(Duration.ofHours(1)), "email")));
    }

    @Test
    void badRangesAreRefused() {
        assertInvalid(raw.get("v1/stats?from=2030-01-08T00:00:00Z&to=2030-01-07T00:00:00Z"), "to");
        assertInvalid(raw.get("v1/stats?from=2030-01-01&to=2031-06-01"), "to");
        assertInvalid(raw.get("v1/stats?from=yesterday&to=2030-01-07"), "from");
        assertInvalid(raw.get("v1/stats?from=2030-01-07"), "to");
        assertInvalid(raw.get("v1/stats?week=2030-W60"), "week");
        assertInvalid(raw.get("v1/stats?week=47"), "week");
        assertInvalid(raw.get("v1/stats?week=2030-W02&from=2030-01-07"), "week");
        assertInvalid(raw.get("v1/stats?week=2030-W02&week=2030-W03"), "week");
        assertInvalid(raw.get("v1/stats?weeks=2030-W02"), "weeks");
        assertInvalid(raw.get("v1/stats?week=2030-W02&type=no%20spaces"), "type");
        assertInvalid(raw.get("v1/stats?week=2030-W02&queue=no%20spaces"), "queue");
        assertInvalid(raw.get("v1/stats?week=2030-W02&queue=mail&queue=sms"), "queue");
    }

    @Test
    void oneQueuesHoursAreItsTasksOnly() {
        engine.enqueue(NewTask.builder("email").queue("mail").build());
        engine.enqueue(NewTask.builder("email").queue("bulk").build());
        for (String lane : List.of("mail", "bulk")) {
            for (var task : engine.claim(ClaimRequest.of(lane, "w", 1))) {
                engine.ack(task.ack().succeed());
            }
        }

        JsonNode mail = raw.get("v1/stats?week=2030-W02&queue=mail").json().path("hours");
        assertThat(mail).hasSize(1);
        assertThat(mail.get(0).path("started").asLong()).isEqualTo(1);
        assertThat(raw.get("v1/stats?week=2030-W02")
                        .json()
                        .path("hours")
                        .get(0)
                        .path("started")
                        .asLong())
                .isEqualTo(2);
        StatsQuery week = StatsQuery.week("2030-W02");
        assertThat(client.monitoring().stats(week.withQueue("bulk")))
                .containsExactly(new HourlyStats("email", HOUR, 1, 1, 0, 0, 0, 1));
    }

    @Test
    @SuppressWarnings("try") // the Actor.Scope names who acts inside it; never read
    void theActorAClientNamesIsRecordedWithItsActions() {
        try (TideClient ada = TideClient.builder(fixture.server().uri())
                .token(fixture.adminToken())
                .actor("ops:ada")
                .build()) {
            ada.queues().suspend("mail");
        }
        try (Actor.Scope as = Actor.enter("cli:bob")) {
            client.queues().resume("mail");
        }
        client.queues().suspendAll();

        var events = client.monitoring().events(EventQuery.recent().withLimit(3));
        assertThat(events)
                .extracting(TideEvent::kind)
                .containsExactly(TideEvent.SUSPENDED, TideEvent.RESUMED, TideEvent.SUSPENDED);
        assertThat(events)
                .as("the authenticated caller, and beside it whom the client says it acts for")
                .extracting(StatsRoutesTest::actor)
                .containsExactly("admin", "admin (cli:bob)", "admin (ops:ada)");
    }

    private static String actor(TideEvent e) {
        JsonNode actor = Json.read(e.detail(), JsonNode.class).path("actor");
        return actor.isNull() || actor.isMissingNode() ? null : actor.asText();
    }
}
