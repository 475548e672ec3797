package dev.tide.spring.starter;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.tide.api.NewTask;
import dev.tide.api.Outcome;
import dev.tide.api.TaskInfo;
import dev.tide.api.TaskQuery;
import dev.tide.core.Tide;
import dev.tide.core.TransactionJoinException;
import dev.tide.spring.starter.app.Greeter;
import dev.tide.spring.starter.app.Signups;
import java.net.http.HttpResponse;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;

/**
 * What the starter gives a web application with Actuator, on one store (the subclasses choose it): handlers run,
 * {@code /actuator/health/tide} and Tide's meters answer over HTTP. The context has {@code tide.health.max-lag=1s}.
 */
abstract class AbstractStarterTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @Autowired
    Tide tide;

    @Autowired
    Signups signups;

    @LocalServerPort
    int port;

    @Test
    void anAnnotatedHandlerMethodRunsWithItsPayloadBoundAndKeepsWhatItReturns() throws Exception {
        long id = tide.enqueue(NewTask.of("greet", new Greeter.Greeting("Ada"))).id();

        TaskInfo done = TaskWaits.finished(tide, id);

        assertThat(done.outcome()).isEqualTo(Outcome.SUCCEEDED);
        assertThat(done.result()).isEqualTo("\"hello Ada (attempt 1)\"");
    }

    /** Whether Tide's store is the application's database, so that its enqueues join the application's transactions. */
    abstract boolean storeIsTheApplicationsDatabase();

    @Test
    void aTransactionalMethodSavesItsRowAndEnqueuesItsTaskTogetherOrNeitherOnTheApplicationsDatabase()
            throws Exception {
        signups.createTable();
        if (!storeIsTheApplicationsDatabase()) {
            // Another database than the application's: joining is refused, not done apart; the row rolls back too.
            assertThatThrownBy(() -> signups.signUp("Grace", false))
                    .isInstanceOf(TransactionJoinException.class)
                    .hasMessageContaining("transaction");
            assertThat(signups.count("Grace")).isZero();
            return;
        }
        long committed = signups.signUp("Ada", false);
        assertThat(signups.count("Ada")).isEqualTo(1);
        assertThat(TaskWaits.finished(tide, committed).result()).isEqualTo("\"hello Ada (attempt 1)\"");

        long before = greetings();
        assertThatThrownBy(() -> signups.signUp("Alan", true)).isInstanceOf(IllegalStateException.class);
        assertThat(signups.count("Alan")).isZero();
        assertThat(greetings()).as("no task of the rolled-back sign-up").isEqualTo(before);
    }

    private long greetings() {
        return tide.countTasks(TaskQuery.all().withType("greet")).value();
    }

    @Test
    void aTaskHandlerBeanHandlesTheTypeNamedLikeTheBean() throws Exception {
        long id = tide.enqueue(NewTask.of("count", Map.of("a", 1, "b", 2, "c", 3)))
                .id();

        TaskInfo done = TaskWaits.finished(tide, id);

        assertThat(done.outcome()).isEqualTo(Outcome.SUCCEEDED);
        assertThat(done.result()).isEqualTo("3");
    }

    @Test
    void theHealthEndpointIsUpWithTheStoreReachableAndOutOfServiceWhileAQueueLagsBeyondTheMaximum() throws Exception {
        HttpResponse<String> up = Http.get(actuator("/health/tide"));
        assertThat(up.statusCode()).as(up.body()).isEqualTo(200);
        assertThat(JSON.readTree(up.body()).path("status").asText()).isEqualTo("UP");

        // No worker serves this queue: its task waits, and past the maximum lag the queue lags.
        long waiting = tide.enqueue(NewTask.builder("greet")
                        .queue("unserved")
                        .payload(new Greeter.Greeting("Bo"))
                        .build())
                .id();
        try {
            Thread.sleep(1_300);
            HttpResponse<String> lagging = Http.get(actuator("/health/tide"));
            JsonNode body = JSON.readTree(lagging.body());
            assertThat(lagging.statusCode()).as(lagging.body()).isEqualTo(503);
            assertThat(body.path("status").asText()).isEqualTo("OUT_OF_SERVICE");
            JsonNode unserved = body.path("details").path("queues").path("unserved");
            assertThat(unserved.path("ready").asLong()).isEqualTo(1);
            assertThat(unserved.path("oldestReadyAgeSeconds").asLong()).isGreaterThanOrEqualTo(1);
            assertThat(body.path("details").path("lagging").toString()).isEqualTo("[\"unserved\"]");
        } finally {
            tide.cancel(waiting, "the test is done with it");
        }
        assertThat(Http.get(actuator("/health/tide")).statusCode()).isEqualTo(200);
    }

    @Test
    void tidesMetersAreInTheApplicationsRegistry() throws Exception {
        long id = tide.enqueue(NewTask.of("greet", new Greeter.Greeting("Cy"))).id();
        TaskWaits.finished(tide, id);

        HttpResponse<String> enqueued = Http.get(actuator("/metrics/tide.tasks.enqueued"));
        assertThat(enqueued.statusCode()).as(enqueued.body()).isEqualTo(200);
        JsonNode count = JSON.readTree(enqueued.body()).path("measurements").get(0);
        assertThat(count.path("statistic").asText()).isEqualTo("COUNT");
        assertThat(count.path("value").asDouble()).isGreaterThanOrEqualTo(1.0);

        assertThat(Http.get(actuator("/metrics/tide.tasks.acknowledged")).statusCode())
                .isEqualTo(200);
    }

    private String actuator(String path) {
        return "http://127.0.0.1:" + port + "/actuator" + path;
    }
}
