package dev.tide.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.tide.api.Actor;
import dev.tide.api.EventQuery;
import dev.tide.api.IntakeStatus;
import dev.tide.api.TideEvent;
import dev.tide.core.store.IntakePass;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The folder intake's switch and status over HTTP, as documented, through the raw wire and the client. */
class IntakeRoutesTest extends HttpTestBase {

    @Test
    void getTellsTheSwitchAndTheCountsOfEveryNode() {
        DocumentedResponses documented = new DocumentedResponses(served());

        var fresh = raw.get("v1/intake");
        assertThat(fresh.status()).isEqualTo(200);
        assertThat(fresh.json().toString()).isEqualTo("{\"enabled\":true,\"filesStored\":0,\"filesRejected\":0}");
        documented.assertConforms("GET", "/v1/intake", fresh);

        engine.recordIntakePass(new IntakePass(3, 1, START));
        var counted = raw.get("v1/intake");
        assertThat(counted.json().toString())
                .isEqualTo("{\"enabled\":true,\"filesStored\":3,\"filesRejected\":1,"
                        + "\"lastScanAt\":\"2030-01-07T09:00:00Z\"}");
        documented.assertConforms("GET", "/v1/intake", counted);
        assertThat(client.intake().status()).isEqualTo(new IntakeStatus(true, 3, 1, START));
    }

    @Test
    @SuppressWarnings("try") // the Actor.Scope names who acts inside it; never read
    void putSwitchesItForEveryNodeAndLogsWhoDid() {
        DocumentedResponses documented = new DocumentedResponses(served());

        var off = raw.put("v1/intake", "{\"enabled\":false}");
        assertThat(off.status()).as(off.toString()).isEqualTo(200);
        assertThat(off.json().path("enabled").asBoolean()).isFalse();
        documented.assertConforms("PUT", "/v1/intake", off);
        assertThat(engine.intake().status().enabled()).isFalse();

        try (Actor.Scope as = Actor.enter("ops:ada")) {
            assertThat(client.intake().switchTo(true).enabled()).isTrue();
        }
        assertThat(engine.intake().status().enabled()).isTrue();

        List<TideEvent> events = engine.monitoring().events(EventQuery.recent()).stream()
                .filter(e -> e.kind().startsWith("intake."))
                .toList();
        assertThat(events).extracting(TideEvent::kind).containsExactly("intake.enabled", "intake.disabled");
        assertThat(events)
                .extracting(TideEvent::detail)
                .containsExactly("{\"actor\":\"admin (ops:ada)\"}", "{\"actor\":\"admin\"}");
    }

    @Test
    void aBadSwitchIsRefusedNamingTheFieldAndChangesNothing() {
        DocumentedResponses documented = new DocumentedResponses(served());
        engine.intake().switchTo(false);

        var missing = raw.put("v1/intake", "{}");
        assertInvalid(missing, "enabled");
        documented.assertConforms("PUT", "/v1/intake", missing);
        assertInvalid(raw.put("v1/intake", "{\"enabled\":\"yes\"}"), "enabled");
        assertInvalid(raw.put("v1/intake", "{\"enabled\":true,\"folder\":\"/tmp\"}"), "folder");
        assertInvalid(raw.put("v1/intake", null), "body");

        assertThat(engine.intake().status().enabled()).isFalse();
        assertThat(engine.monitoring().events(EventQuery.recent()))
                .extracting(TideEvent::kind)
                .filteredOn(kind -> kind.startsWith("intake."))
                .hasSize(1);
    }

    private JsonNode served() {
        return raw.get("v1/openapi.json").json();
    }
}
