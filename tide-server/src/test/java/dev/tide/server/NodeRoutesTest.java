package dev.tide.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.tide.api.NodeInfo;
import dev.tide.api.auth.Role;
import dev.tide.core.TideVersion;
import dev.tide.core.testing.TestUsers;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/**
 * {@code GET /v1/nodes}: the nodes registry over the wire and the client, read by workers and administrators only (host
 * names and versions are operational knowledge a submitter has no use for).
 */
class NodeRoutesTest extends HttpTestBase {

    private RawHttp as(String user, Role... roles) {
        return raw.as(TestUsers.token(engine.accounts(), user, roles));
    }

    @Test
    void theNodesAreListedWithTheirVersionHostStateAndUptime() {
        engine.passes().recordNode();
        clock.advance(Duration.ofSeconds(20));

        var answer = raw.get("v1/nodes");
        assertThat(answer.status()).as(answer.toString()).isEqualTo(200);
        JsonNode node = answer.json().path("nodes").path(0);
        assertThat(node.path("name").asText()).isEqualTo(engine.config().nodeName());
        assertThat(node.path("version").asText()).isEqualTo(TideVersion.current());
        assertThat(node.path("state").asText()).isEqualTo("live");
        assertThat(node.path("startedAt").asText()).isEqualTo(START.toString());
        assertThat(node.path("uptime").asText()).isEqualTo("PT20S");
        assertThat(node.has("stoppedAt")).as("absent while it runs").isFalse();
        assertThat(node.path("processors")).isEmpty();

        assertThat(client.monitoring().nodes())
                .isEqualTo(engine.monitoring().nodes())
                .extracting(NodeInfo::state)
                .containsExactly(NodeInfo.State.LIVE);
    }

    @Test
    void workersAndAdministratorsReadTheNodesAndSubmittersDoNot() {
        engine.passes().recordNode();
        try (RawHttp submitter = as("sam", Role.SUBMITTER);
                RawHttp worker = as("wes", Role.WORKER);
                RawHttp admin = as("ada", Role.ADMIN)) {
            assertThat(worker.get("v1/nodes").json().path("nodes")).hasSize(1);
            assertThat(admin.get("v1/nodes").json().path("nodes")).hasSize(1);
            RawHttp.Answer refused = submitter.get("v1/nodes");
            assertRefused(refused, 403, "forbidden", null);
            assertThat(refused.json().path("message").asText()).contains("may not GET /v1/nodes");
        }
        try (RawHttp anonymous = raw.as(null)) {
            assertRefused(anonymous.get("v1/nodes"), 401, "unauthenticated", null);
        }
    }

    @Test
    void aQueryParameterIsRefused() {
        assertInvalid(raw.get("v1/nodes?state=live"), "state");
    }
}
