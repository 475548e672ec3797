package dev.tide.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.tuple;

import com.fasterxml.jackson.databind.JsonNode;
import dev.tide.api.Actor;
import dev.tide.api.EventQuery;
import dev.tide.api.IntakeFile;
import dev.tide.api.IntakeFileQuery;
import dev.tide.api.IntakeStatus;
import dev.tide.api.TideEvent;
import dev.tide.api.auth.ForbiddenException;
import dev.tide.api.auth.Role;
import dev.tide.client.TideClient;
import dev.tide.core.store.IntakeFileRow;
import dev.tide.core.store.IntakePass;
import dev.tide.core.testing.TestUsers;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;

/**
 * The folder intake's switch, status and record of files over HTTP, as documented, through the raw wire and the
 * client; administrators only.
 */
class IntakeRoutesTest extends HttpTestBase {
    private static final String JSON_REASON = "payload: is not valid JSON at line 3, column 3: Unexpected character";

    @Test
    void getTellsTheSwitchAndTheCountsOfEveryNode() {
        DocumentedResponses documented = new DocumentedResponses(served());

        var fresh = raw.get("v1/intake");
        assertThat(fresh.status()).isEqualTo(200);
        assertThat(fresh.json().toString()).isEqualTo("{\"enabled\":true,\"filesStored\":0,\"filesRejected\":0}");
        documented.assertConforms("GET", "/v1/intake", fresh);

        engine.recordIntakePass(new IntakePass(
                START,
                List.of(
                        IntakeFileRow.stored(START, "alice", "mail", "a.json", 1),
                        IntakeFileRow.stored(START, "alice", "mail", "b.json", 2),
                        IntakeFileRow.stored(START, "alice", "mail", "c.json", 3),
                        IntakeFileRow.rejected(START, "alice", "mail", "d.json", JSON_REASON))));
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

    @Test
    void filesAreListedNewestFirstAndPagedAsDocumented() {
        DocumentedResponses documented = new DocumentedResponses(served());
        engine.recordIntakePass(new IntakePass(
                START,
                List.of(
                        IntakeFileRow.stored(START, "alice", "mail", "report--1.csv", 12),
                        IntakeFileRow.rejected(
                                START.plusSeconds(1), "alice", null, "<script>.csv", "files go in a queue's folder"),
                        IntakeFileRow.rejected(START.plusSeconds(2), "bob", "mail", "email--2.json", JSON_REASON))));

        var all = raw.get("v1/intake/files");
        assertThat(all.status()).as(all.toString()).isEqualTo(200);
        documented.assertConforms("GET", "/v1/intake/files", all);
        JsonNode items = all.json().path("items");
        assertThat(items).hasSize(3);
        assertThat(all.json().has("nextCursor")).isFalse();
        long newest = items.get(0).path("id").asLong();
        assertThat(items.get(0).toString())
                .isEqualTo("{\"id\":" + newest + ",\"at\":\"2030-01-07T09:00:02Z\",\"owner\":\"bob\","
                        + "\"queue\":\"mail\",\"name\":\"email--2.json\",\"outcome\":\"rejected\","
                        + "\"reason\":\"" + JSON_REASON + "\"}");
        assertThat(items.get(1).path("name").asText()).isEqualTo("<script>.csv");
        assertThat(items.get(1).has("queue"))
                .as("a file outside any queue folder")
                .isFalse();
        assertThat(items.get(2).path("outcome").asText()).isEqualTo("stored");
        assertThat(items.get(2).path("taskId").asLong()).isEqualTo(12);
        assertThat(items.get(2).has("reason")).isFalse();

        var first = raw.get("v1/intake/files?limit=2");
        documented.assertConforms("GET", "/v1/intake/files", first);
        String cursor = first.json().path("nextCursor").asText();
        assertThat(cursor).isNotEmpty();
        var last = raw.get("v1/intake/files?limit=2&cursor=" + cursor);
        assertThat(last.json().path("items"))
                .singleElement()
                .satisfies(item -> assertThat(item.path("name").asText()).isEqualTo("report--1.csv"));

        assertThat(client.intake().files(IntakeFileQuery.recent()))
                .isEqualTo(engine.intake().files(IntakeFileQuery.recent()));
        var page = client.intake().files(IntakeFileQuery.recent().withLimit(2));
        assertThat(page.items()).extracting(IntakeFile::name).containsExactly("email--2.json", "<script>.csv");
        assertThat(client.intake()
                        .files(IntakeFileQuery.recent().withCursor(page.nextCursor()))
                        .items())
                .extracting(IntakeFile::outcome, IntakeFile::taskId)
                .containsExactly(tuple(IntakeFile.Outcome.STORED, 12L));
    }

    @Test
    void badPagingIsRefusedNamingTheParameter() {
        DocumentedResponses documented = new DocumentedResponses(served());
        var zero = raw.get("v1/intake/files?limit=0");
        assertInvalid(zero, "limit");
        documented.assertConforms("GET", "/v1/intake/files", zero);
        assertInvalid(raw.get("v1/intake/files?limit=1001"), "limit");
        assertInvalid(raw.get("v1/intake/files?limit=many"), "limit");
        assertInvalid(raw.get("v1/intake/files?limit=1&limit=2"), "limit");
        assertInvalid(raw.get("v1/intake/files?cursor=abc"), "cursor");
        assertInvalid(raw.get("v1/intake/files?cursor=0"), "cursor");
        assertInvalid(raw.get("v1/intake/files?outcome=rejected"), "outcome");
    }

    @Test
    void onlyAdministratorsReadTheFiles() {
        engine.recordIntakePass(
                new IntakePass(START, List.of(IntakeFileRow.rejected(START, "sam", "mail", "x.json", JSON_REASON))));
        for (Role role : List.of(Role.SUBMITTER, Role.WORKER)) {
            String name = "user-" + role.name().toLowerCase(Locale.ROOT);
            String token = TestUsers.token(engine.accounts(), name, role);
            try (RawHttp other = raw.as(token);
                    TideClient remote = TideClient.builder(fixture.server().uri())
                            .token(token)
                            .build()) {
                assertRefused(other.get("v1/intake/files"), 403, "forbidden", null);
                assertThatThrownBy(() -> remote.intake().files(IntakeFileQuery.recent()))
                        .isInstanceOf(ForbiddenException.class);
            }
        }
        try (RawHttp sam = raw.as(TestUsers.token(engine.accounts(), "sam", Role.SUBMITTER))) {
            assertThat(sam.get("v1/intake/files").status())
                    .as("not even the files of its own folder: the intake is the operators'")
                    .isEqualTo(403);
        }
    }

    private JsonNode served() {
        return raw.get("v1/openapi.json").json();
    }
}
