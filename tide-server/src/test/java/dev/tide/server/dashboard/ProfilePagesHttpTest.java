package dev.tide.server.dashboard;

import static java.time.DayOfWeek.FRIDAY;
import static java.time.DayOfWeek.MONDAY;
import static org.assertj.core.api.Assertions.assertThat;

import dev.tide.api.Profile;
import dev.tide.api.ProfileEntry;
import dev.tide.api.ProfileLimits;
import dev.tide.core.Tide;
import dev.tide.core.time.ManualClock;
import java.net.http.HttpResponse;
import java.time.DayOfWeek;
import java.time.Instant;
import java.time.LocalTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.EnumSet;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The profile pages over loopback HTTP: who may read and change them, the CSRF token of every change, an entry added
 * and removed, and an overlapping entry refused with the engine's own reason, the form kept and nothing written.
 */
class ProfilePagesHttpTest {
    private static final String PASSWORD = DashboardSite.PASSWORD;
    private static final String PAGE = "/ui/profiles/task:email";

    /** A Monday, 09:00 UTC. */
    private final ManualClock clock = new ManualClock(Instant.parse("2030-01-07T09:00:00Z"));

    private DashboardSite site;
    private Tide engine;
    private DashboardHttp http;
    private Profile original;

    @BeforeEach
    void open() {
        site = new DashboardSite(clock);
        engine = site.engine();
        original = engine.profiles()
                .define(Profile.forTaskType(
                        "email",
                        ZoneOffset.UTC,
                        List.of(ProfileEntry.of(
                                "office",
                                EnumSet.range(MONDAY, FRIDAY),
                                LocalTime.of(8, 0),
                                LocalTime.of(18, 0),
                                ProfileLimits.perHour(100))),
                        ProfileLimits.perHour(1000).withMaxPerSession(300)));
        http = site.http();
    }

    @AfterEach
    void close() {
        site.close();
    }

    @Test
    void workersReadTheGridAndSubmittersMayNot() {
        http.signIn("/ui", "wes", PASSWORD);
        HttpResponse<String> list = http.get("/ui/profiles");
        assertThat(list.statusCode()).isEqualTo(200);
        assertThat(list.body()).contains("task:email", "office: 100/h");

        HttpResponse<String> page = http.get(PAGE + "?week=2030-W02");
        assertThat(page.statusCode()).isEqualTo(200);
        assertThat(page.body())
                .contains("Week 2030-W02, hours of UTC", "class=\"week-grid\"", "used <strong>0</strong> of 100")
                .doesNotContain("id=\"entry-form\"", "/entries/remove");
        assertThat(page.body())
                .containsPattern("class=\"cell level-\\d now\"[^>]*data-day=\"MONDAY\" data-from=\"09:00\"");

        HttpResponse<String> paris = http.get(PAGE + "?week=2030-W02&zone=Europe%2FParis");
        assertThat(paris.body()).contains("hours of Europe/Paris");
        assertThat(paris.body())
                .containsPattern("class=\"cell level-\\d now\"[^>]*data-day=\"MONDAY\" data-from=\"10:00\"");

        assertThat(http.get(PAGE + "?week=W99").statusCode()).isEqualTo(400);
        assertThat(http.get(PAGE + "?zone=Mars%2FOlympus").body()).contains("zone: 'Mars/Olympus' is not a time zone");
        assertThat(http.get("/ui/profiles/task:none").statusCode()).isEqualTo(404);
        String token = http.csrf("/ui/profiles");
        assertThat(http.post(PAGE + "/entries", "_csrf=" + token + "&name=x").statusCode())
                .isEqualTo(403);

        DashboardHttp submitter = site.http();
        submitter.signIn("/ui", "sam", PASSWORD);
        assertThat(submitter.get("/ui/profiles").statusCode()).isEqualTo(403);
        assertThat(submitter.get(PAGE).statusCode()).isEqualTo(403);
        assertThat(engine.profiles().list()).containsExactly(original);
    }

    @Test
    void aFallBackWeekShowsBothPassesAndConditionalEntriesOnTheirHours() {
        engine.profiles()
                .define(Profile.forJobType(
                        "import",
                        ZoneId.of("Europe/Paris"),
                        List.of(
                                ProfileEntry.of(
                                        "late",
                                        EnumSet.of(DayOfWeek.SUNDAY),
                                        LocalTime.of(2, 30),
                                        LocalTime.of(3, 0),
                                        ProfileLimits.perHour(7)),
                                ProfileEntry.of(
                                                "busy",
                                                EnumSet.range(MONDAY, FRIDAY),
                                                LocalTime.of(9, 0),
                                                LocalTime.of(10, 0),
                                                ProfileLimits.perHour(20).withPriorityBoost(2))
                                        .withPrecedence(1)
                                        .when(dev.tide.api.LoadCondition.atLeast("requests", 300))),
                        null));
        http.signIn("/ui", "wes", PASSWORD);
        assertThat(http.get("/ui/profiles").body()).contains("job:import", "task:email");

        HttpResponse<String> page = http.get("/ui/profiles/job:import?week=2026-W43");
        assertThat(page.statusCode()).isEqualTo(200);
        assertThat(page.body())
                .contains("Sun 25 Oct <span class=\"badge\">clock change</span>")
                .contains("Europe/Paris: clocks go back 03:00 → 02:00")
                .contains("02:30–03:00 (+02:00)", "02:30–03:00 (+01:00)", "7/h")
                .contains("or busy if requests ≥ 300: 20/h, boost 2")
                .contains("no limit");
    }

    @Test
    void anEntryIsAddedAndRemovedOnlyWithTheCsrfToken() {
        http.signIn("/ui", "ada", PASSWORD);
        String form = "name=night&day=FRIDAY&day=SATURDAY&from=22:00&until=06:00&zone=UTC"
                + "&maxPerHour=0&maxPerSession=&precedence=0&week=2030-W02&gridZone=UTC";
        assertThat(http.post(PAGE + "/entries", form).statusCode()).isEqualTo(403);
        assertThat(http.post(PAGE + "/entries", "_csrf=made-up&" + form).statusCode())
                .isEqualTo(403);
        assertThat(engine.profiles().list()).containsExactly(original);

        String token = http.csrf(PAGE);
        HttpResponse<String> added = http.post(PAGE + "/entries", "_csrf=" + token + "&" + form);
        assertThat(added.statusCode()).isEqualTo(303);
        assertThat(added.headers().firstValue("Location").orElseThrow())
                .startsWith("/ui/profiles/task%3Aemail?week=2030-W02&zone=UTC&notice=");
        Profile saved = engine.profiles().list().get(0);
        assertThat(saved.entries()).hasSize(2);
        ProfileEntry night = saved.entries().get(1);
        assertThat(night.name()).isEqualTo("night");
        assertThat(night.days()).containsExactlyInAnyOrder(FRIDAY, DayOfWeek.SATURDAY);
        assertThat(night.from()).isEqualTo(LocalTime.of(22, 0));
        assertThat(night.until()).isEqualTo(LocalTime.of(6, 0));
        assertThat(night.zone()).isNull();
        assertThat(night.limits()).isEqualTo(ProfileLimits.perHour(0));
        assertThat(saved.otherwise()).isEqualTo(original.otherwise());

        HttpResponse<String> removed =
                http.post(PAGE + "/entries/remove", "_csrf=" + token + "&entry=night&week=2030-W02&gridZone=UTC");
        assertThat(removed.statusCode()).isEqualTo(303);
        assertThat(engine.profiles().list()).containsExactly(original);
        assertThat(http.post(PAGE + "/entries/remove", "_csrf=" + token + "&entry=night")
                        .statusCode())
                .isEqualTo(404);
    }

    @Test
    void timesTypedInAnotherZoneKeepThatZone() {
        http.signIn("/ui", "ada", PASSWORD);
        String token = http.csrf(PAGE);
        HttpResponse<String> added = http.post(
                PAGE + "/entries",
                "_csrf=" + token + "&name=paris-lunch&day=MONDAY&from=12:00&until=14:00&zone=Europe%2FParis"
                        + "&maxPerHour=5&maxPerSession=2&precedence=1");
        assertThat(added.statusCode()).isEqualTo(303);
        ProfileEntry lunch = engine.profiles().list().get(0).entries().get(1);
        assertThat(lunch.zone()).isEqualTo(ZoneId.of("Europe/Paris"));
        assertThat(lunch.limits()).isEqualTo(ProfileLimits.perHour(5).withMaxPerSession(2));
        assertThat(lunch.precedence()).isEqualTo(1);
    }

    @Test
    void anOverlappingEntryIsRefusedWithTheEnginesReasonAndTheFormKept() {
        http.signIn("/ui", "ada", PASSWORD);
        String token = http.csrf(PAGE);
        HttpResponse<String> refused = http.post(
                PAGE + "/entries",
                "_csrf=" + token + "&name=late&day=FRIDAY&from=17:00&until=20:00&zone=UTC"
                        + "&maxPerHour=42&maxPerSession=7&precedence=0&week=2030-W02&gridZone=UTC");

        assertThat(refused.statusCode()).isEqualTo(400);
        String reason = "entries: 'office' and 'late' both hold at 2024-01-05T17:00 Z with precedence 0; "
                + "give one of them another precedence";
        assertThat(refused.body())
                .contains("id=\"refusal\"", reason)
                .contains("value=\"late\"", "value=\"17:00\"", "value=\"20:00\"", "value=\"42\"", "value=\"7\"")
                .contains("id=\"e-day-FRIDAY\" checked")
                .contains("Week 2030-W02");
        assertThat(engine.profiles().list()).containsExactly(original);
    }

    @Test
    void aChangeFromAPageThatNoLongerShowsTheProfileIsRefused() {
        http.signIn("/ui", "ada", PASSWORD);
        String token = http.csrf(PAGE);
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("name=\"revision\" value=\"([0-9a-f]+)\"")
                .matcher(http.get(PAGE).body());
        assertThat(m.find()).isTrue();
        String seen = m.group(1);
        Profile changed =
                engine.profiles().define(new Profile("email", null, ZoneOffset.UTC, List.of(), original.otherwise()));

        HttpResponse<String> stale = http.post(
                PAGE + "/entries",
                "_csrf=" + token + "&revision=" + seen + "&name=night&day=FRIDAY&from=22:00&until=06:00&maxPerHour=0");
        assertThat(stale.statusCode()).isEqualTo(409);
        assertThat(stale.body()).contains("the profile was changed since this page was shown", "value=\"night\"");
        HttpResponse<String> staleRemove =
                http.post(PAGE + "/entries/remove", "_csrf=" + token + "&revision=" + seen + "&entry=office");
        assertThat(staleRemove.statusCode()).isEqualTo(409);
        assertThat(engine.profiles().list()).containsExactly(changed);

        assertThat(http.post(
                                PAGE + "/entries",
                                "_csrf=" + token + "&revision=" + ProfileRevision.of(changed)
                                        + "&name=night&day=FRIDAY&from=22:00&until=06:00&maxPerHour=0")
                        .statusCode())
                .isEqualTo(303);
    }

    @Test
    void badFieldsAreNamedAndHostileTextIsEscaped() {
        http.signIn("/ui", "ada", PASSWORD);
        String token = http.csrf(PAGE);
        HttpResponse<String> hostile = http.post(
                PAGE + "/entries",
                "_csrf=" + token + "&name=" + Urls.encode("<script>alert(1)</script>")
                        + "&day=MONDAY&from=01:00&until=02:00&maxPerHour=1");
        assertThat(hostile.statusCode()).isEqualTo(400);
        assertThat(hostile.body())
                .contains("entries.name: '&lt;script&gt;alert(1)&lt;/script&gt;'")
                .doesNotContain("<script>alert(1)</script>");

        HttpResponse<String> badTime = http.post(
                PAGE + "/entries", "_csrf=" + token + "&name=x&day=MONDAY&from=25:00&until=02:00&maxPerHour=1");
        assertThat(badTime.statusCode()).isEqualTo(400);
        assertThat(badTime.body()).contains("from: '25:00' is not a time of day");

        HttpResponse<String> noDay =
                http.post(PAGE + "/entries", "_csrf=" + token + "&name=x&from=01:00&until=02:00&maxPerHour=1");
        assertThat(noDay.body()).contains("day: pick at least one day");

        HttpResponse<String> negative = http.post(
                PAGE + "/entries", "_csrf=" + token + "&name=x&day=MONDAY&from=01:00&until=02:00&maxPerHour=-1");
        assertThat(negative.statusCode()).isEqualTo(400);
        assertThat(negative.body()).contains("maxPerHour: must not be negative");
        assertThat(engine.profiles().list()).containsExactly(original);
    }
}
