package dev.tide.server;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tide.api.Ack;
import dev.tide.api.ClaimRequest;
import dev.tide.api.LeasedTask;
import dev.tide.api.NewTask;
import dev.tide.client.TideClient;
import dev.tide.core.Tide;
import dev.tide.core.TideConfig;
import dev.tide.core.testing.PostgresSchema;
import dev.tide.core.testing.TestUsers;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Two nodes on one PostgreSQL database: depths are the whole queue's on either node; counters are each node's own. */
class PostgresMetricsTest {
    @RegisterExtension
    static final PostgresSchema pg = PostgresSchema.perClass("server_metrics");

    private static Tide node(String name) {
        return pg.builder()
                .config(TideConfig.defaults().withMaintenanceInterval(null).withNodeName(name))
                .meterRegistry(new PrometheusMeterRegistry(PrometheusConfig.DEFAULT))
                .build();
    }

    /** An administrator's token: the two nodes share one user store, so either issues it for both. */
    private static String token(Tide node) {
        return TestUsers.adminToken(node.accounts());
    }

    @Test
    void depthsAreSharedCountersAreTheNodes() {
        try (Tide a = node("a");
                Tide b = node("b");
                TideServer serverA = TideServer.builder(a).port(0).build().start();
                TideServer serverB = TideServer.builder(b).port(0).build().start();
                TideClient clientA =
                        TideClient.builder(serverA.uri()).token(token(a)).build();
                TideClient clientB =
                        TideClient.builder(serverB.uri()).token(token(a)).build();
                RawHttp rawA = new RawHttp(serverA.uri(), token(a));
                RawHttp rawB = new RawHttp(serverB.uri(), token(b))) {
            clientA.enqueue(NewTask.of("t", null));
            clientA.enqueue(NewTask.of("t", null));
            LeasedTask leased =
                    clientB.claim(ClaimRequest.of("default", "w", 1)).get(0);
            clientA.ack(Ack.succeed(leased.lease())); // acknowledged through the node that did not lease it

            assertThat(rawA.get("readyz").status()).isEqualTo(200);
            String scrapeA = rawA.get("metrics").text();
            String scrapeB = rawB.get("metrics").text();
            for (String scrape : List.of(scrapeA, scrapeB)) {
                assertThat(scrape)
                        .contains("tide_queue_depth{queue=\"default\",state=\"ready\"} 1.0")
                        .contains("tide_queue_depth{queue=\"default\",state=\"succeeded\"} 1.0");
            }
            assertThat(scrapeA)
                    .contains("tide_tasks_enqueued_total{queue=\"default\",type=\"t\"} 2.0")
                    .contains(
                            "tide_tasks_acknowledged_total{outcome=\"succeeded\",queue=\"unknown\",type=\"unknown\"} 1.0")
                    .doesNotContain("tide_tasks_claimed_total{");
            assertThat(scrapeB)
                    .contains("tide_tasks_claimed_total{queue=\"default\",type=\"t\"} 1.0")
                    .doesNotContain("tide_tasks_enqueued_total{");
        }
    }
}
