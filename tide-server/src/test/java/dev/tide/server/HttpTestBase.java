package dev.tide.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.tide.api.ClaimRequest;
import dev.tide.api.LeasedTask;
import dev.tide.api.NewTask;
import dev.tide.api.TaskQuery;
import dev.tide.client.TideClient;
import dev.tide.core.Tide;
import dev.tide.core.TideConfig;
import dev.tide.core.time.ManualClock;
import java.time.Instant;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;

/**
 * Each test gets its own engine on SQLite in a fresh folder, a server on a free loopback port, a {@link TideClient}
 * and a raw HTTP client for looking at the wire itself. Maintenance is off and the clock stands still unless a test
 * moves it.
 */
abstract class HttpTestBase {
    static final Instant START = Instant.parse("2030-01-07T09:00:00Z");

    HttpFixture fixture;
    TideClient client;
    Tide engine;
    ManualClock clock;
    RawHttp raw;

    /** Engine settings for this class's tests. */
    TideConfig config() {
        return TideConfig.defaults().withMaintenanceInterval(null);
    }

    /** Server settings for this class's tests. */
    TideServer.Builder server(TideServer.Builder builder) {
        return builder;
    }

    @BeforeEach
    void open() {
        clock = new ManualClock(START);
        fixture = new HttpFixtureFactory(this::server).open(clock, config());
        client = fixture.client();
        engine = fixture.engine();
        raw = new RawHttp(fixture.server().uri(), fixture.adminToken());
    }

    @AfterEach
    void close() {
        raw.close();
        fixture.close();
    }

    long enqueue(String type) {
        return engine.enqueue(NewTask.of(type, Map.of("n", 1))).id();
    }

    /** Enqueues a task and claims it through the engine. */
    LeasedTask claimOne(String worker) {
        enqueue("email");
        var claimed = engine.claim(ClaimRequest.of("default", worker, 1));
        assertThat(claimed).hasSize(1);
        return claimed.get(0);
    }

    /** Every task the engine holds: to check that a refused request wrote nothing. */
    int taskCount() {
        return engine.tasks(TaskQuery.all().withLimit(TaskQuery.MAX_LIMIT))
                .items()
                .size();
    }

    static void assertRefused(RawHttp.Answer answer, int status, String code, String field) {
        assertThat(answer.status()).as(answer.toString()).isEqualTo(status);
        assertThat(answer.header("Content-Type")).startsWith("application/json");
        JsonNode json = answer.json();
        assertThat(json.path("error").asText()).as(answer.toString()).isEqualTo(code);
        assertThat(json.path("message").asText()).isNotBlank();
        if (field != null) {
            assertThat(json.path("field").asText()).as(answer.toString()).isEqualTo(field);
        }
    }

    static void assertInvalid(RawHttp.Answer answer, String field) {
        assertRefused(answer, 400, "invalid_request", field);
    }
}
