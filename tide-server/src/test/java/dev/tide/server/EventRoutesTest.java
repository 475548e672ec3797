package dev.tide.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.tide.api.DeadlineNotice;
import dev.tide.api.EventQuery;
import dev.tide.api.NewTask;
import dev.tide.api.TideEvent;
import dev.tide.api.json.Json;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/** {@code GET /v1/events}: the deadline monitor's warnings and violations, newest first, over the wire and the client. */
class EventRoutesTest extends HttpTestBase {

    /** One task warned and violated, another only warned: three events. */
    private long raiseThree() {
        long late = engine.enqueue(NewTask.builder("email")
                        .queue("mail")
                        .deadline(START.plus(Duration.ofHours(1)))
                        .build())
                .id();
        engine.enqueue(NewTask.builder("email")
                .deadline(START.plus(Duration.ofHours(2)))
                .build());
        clock.set(START.plus(Duration.ofMinutes(58)));
        assertThat(engine.passes().runDeadlineMonitor()).isEqualTo(1);
        clock.set(START.plus(Duration.ofMinutes(118)));
        assertThat(engine.passes().runDeadlineMonitor())
                .as("one violation, one warning")
                .isEqualTo(2);
        return late;
    }

    @Test
    void eventsAreListedNewestFirstWithTheirDetail() {
        long late = raiseThree();

        var answer = raw.get("v1/events?limit=3"); // before them: the fixture's admin and its token
        assertThat(answer.status()).as(answer.toString()).isEqualTo(200);
        JsonNode events = answer.json().path("events");
        assertThat(events).hasSize(3);
        JsonNode first = events.get(2);
        assertThat(first.path("kind").asText()).isEqualTo("deadline.warning");
        assertThat(first.path("taskId").asLong()).isEqualTo(late);
        assertThat(first.path("queue").asText()).isEqualTo("mail");
        assertThat(first.path("at").asText())
                .isEqualTo(START.plus(Duration.ofMinutes(58)).toString());
        assertThat(first.path("detail").path("kind").asText())
                .as("detail is JSON, not a string")
                .isEqualTo("warning");
        assertThat(first.path("detail").path("deadline").asText())
                .isEqualTo(START.plus(Duration.ofHours(1)).toString());
        assertThat(events.get(0).path("id").asLong())
                .isGreaterThan(events.get(1).path("id").asLong());
    }

    @Test
    void theClientFiltersByKindAndPagesBack() {
        long late = raiseThree();

        List<TideEvent> violations =
                client.monitoring().events(EventQuery.recent().withKind(TideEvent.DEADLINE_VIOLATION));
        assertThat(violations).singleElement().satisfies(e -> {
            assertThat(e.taskId()).isEqualTo(late);
            assertThat(e.at()).isEqualTo(START.plus(Duration.ofMinutes(118)));
        });
        DeadlineNotice notice = Json.read(violations.get(0).detail(), DeadlineNotice.class);
        assertThat(notice.kind()).isEqualTo(DeadlineNotice.Kind.VIOLATION);

        List<TideEvent> newest = client.monitoring().events(EventQuery.recent().withLimit(2));
        assertThat(newest).hasSize(2);
        List<TideEvent> older = client.monitoring()
                .events(EventQuery.recent().withBefore(newest.get(1).id()).withLimit(1));
        assertThat(older).singleElement().extracting(TideEvent::kind).isEqualTo(TideEvent.DEADLINE_WARNING);
        assertThat(client.monitoring().events(EventQuery.recent()))
                .isEqualTo(engine.monitoring().events(EventQuery.recent()));
    }

    @Test
    void badParametersAreRefused() {
        assertInvalid(raw.get("v1/events?kinds=deadline.warning"), "kinds");
        assertInvalid(raw.get("v1/events?limit=0"), "limit");
        assertInvalid(raw.get("v1/events?limit=1001"), "limit");
        assertInvalid(raw.get("v1/events?before=x"), "before");
        assertInvalid(raw.get("v1/events?limit=1&limit=2"), "limit");
    }
}
