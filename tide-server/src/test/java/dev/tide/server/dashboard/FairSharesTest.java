package dev.tide.server.dashboard;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import com.fasterxml.jackson.databind.JsonNode;
import dev.tide.api.QueueUser;
import dev.tide.api.ServedTasks;
import dev.tide.api.ServedTasks.UserServed;
import dev.tide.api.json.Json;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A fair queue's shares as the queue page shows them: due against served for each user, the hour's window in words
 * when the count stopped at its bound, and the chart kept to the users with the largest shares.
 */
class FairSharesTest {
    private static final Instant NOW = Instant.parse("2030-01-07T11:00:00Z");

    private static QueueUser user(String name, int allocation, boolean waiting) {
        return new QueueUser(name, allocation, null, allocation, null, 0, waiting, null, null);
    }

    private static ServedTasks served(Instant from, boolean partial, List<UserServed> users) {
        return new ServedTasks("shared", from, NOW, partial, users);
    }

    @Test
    void eachUsersShareDueIsOfTheWaitingAndItsShareServedOfTheHoursTasks() {
        FairShares shares = FairShares.of(
                List.of(user("ada", 3, true), user("bob", 1, true), user("cy", 4, false)),
                served(
                        NOW.minus(ServedTasks.WINDOW),
                        false,
                        List.of(new UserServed("ada", 6), new UserServed("cy", 2))));

        assertThat(shares.lines())
                .extracting(l -> l.user().user(), FairShares.Line::shareDuePercent, FairShares.Line::served)
                .containsExactly(tuple("ada", "75.0 %", 6L), tuple("bob", "25.0 %", 0L), tuple("cy", "0.0 %", 2L));
        assertThat(shares.lines())
                .extracting(FairShares.Line::shareServedPercent)
                .containsExactly("75.0 %", "0.0 %", "25.0 %");
        assertThat(shares.window()).isEqualTo("the last hour");
    }

    @Test
    void aCountThatStoppedAtItsBoundSaysHowFarBackItGoes() {
        FairShares shares = FairShares.of(
                List.of(user("ada", 1, true)),
                served(NOW.minusSeconds(12 * 60), true, List.of(new UserServed("ada", ServedTasks.LIMIT))));
        assertThat(shares.window())
                .isEqualTo("the last 12 min (the latest 10,000 tasks served; more ended in the hour)");
        assertThat(shares.chartLabel()).contains("in the last 12 min");
    }

    @Test
    void theChartDrawsTheUsersWithTheLargestSharesByName() {
        List<QueueUser> users = new ArrayList<>();
        List<UserServed> served = new ArrayList<>();
        for (int i = 0; i < 30; i++) {
            String name = String.format("u%02d", i);
            users.add(user(name, 1, i < 5)); // five wait: 20 % due each
            served.add(new UserServed(name, i)); // the later, the more served
        }
        FairShares shares = FairShares.of(users, served(NOW.minus(ServedTasks.WINDOW), false, served));

        JsonNode chart = Json.read(shares.chartJson(), JsonNode.class);
        List<String> drawn = new ArrayList<>();
        chart.path("labels").forEach(label -> drawn.add(label.asText()));
        assertThat(drawn)
                .hasSize(FairShares.CHART_USERS)
                .as("the five due 20 %, then the fifteen served most")
                .containsExactly(
                        "u00", "u01", "u02", "u03", "u04", "u15", "u16", "u17", "u18", "u19", "u20", "u21", "u22",
                        "u23", "u24", "u25", "u26", "u27", "u28", "u29");
        assertThat(chart.path("series").get(0).path("data").get(0).asDouble()).isEqualTo(20.0);
        assertThat(shares.chartLabel()).contains("(the 20 with the largest shares)");
    }
}
