package dev.tide.server.dashboard;

import static java.time.DayOfWeek.FRIDAY;
import static java.time.DayOfWeek.MONDAY;
import static org.assertj.core.api.Assertions.assertThat;

import dev.tide.api.EventQuery;
import dev.tide.api.LoadCondition;
import dev.tide.api.Profile;
import dev.tide.api.ProfileEntry;
import dev.tide.api.ProfileLimits;
import dev.tide.api.TaskType;
import dev.tide.api.TideEvent;
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
        assertThat(list.body()).doesNotContain("id=\"new-profile\"");
        assertThat(page.body()).doesNotContain("id=\"defaults-form\"", "edit=office");
        String token = http.csrf("/ui/profiles");
        assertThat(http.post(PAGE + "/entries", "_csrf=" + token + "&name=x").statusCode())
                .isEqualTo(403);
        assertThat(http.post("/ui/profiles", "_csrf=" + token + "&kind=task&type=sms&zone=UTC")
                        .statusCode())
                .isEqualTo(403);
        assertThat(http.post(PAGE + "/defaults", "_csrf=" + token + "&zone=Europe%2FParis&maxPerHour=1")
                        .statusCode())
                .isEqualTo(403);
        assertThat(http.post(
                                PAGE + "/entries/edit",
                                "_csrf=" + token + "&entry=office&name=office&day=MONDAY&from=01:00&until=02:00")
                        .statusCode())
                .isEqualTo(403);

        DashboardHttp submitter = site.http();
        submitter.signIn("/ui", "sam", PASSWORD);
        assertThat(submitter.get("/ui/profiles").statusCode()).isEqualTo(403);
        assertThat(submitter.get(PAGE).statusCode()).isEqualTo(403);
        String submitterToken = submitter.csrf("/ui/tasks");
        assertThat(submitter
                        .post("/ui/profiles", "_csrf=" + submitterToken + "&kind=task&type=sms&zone=UTC")
                        .statusCode())
                .isEqualTo(403);
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
        assertThat(lastProfileEvent()).contains("\"actor\":\"ada (dashboard)\"").doesNotContain("night");
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

    /** The revision the page's forms carry. */
    private static String revision(String page) {
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("name=\"revision\" value=\"([0-9a-f]+)\"")
                .matcher(page);
        assertThat(m.find()).isTrue();
        return m.group(1);
    }

    /** The detail of the newest profile.defined event (its actor, the profile and its definition). */
    private String lastProfileEvent() {
        return engine.monitoring()
                .events(EventQuery.recent().withKind(TideEvent.PROFILE_DEFINED))
                .get(0)
                .detail();
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
        HttpResponse<String> staleDefaults = http.post(
                PAGE + "/defaults",
                "_csrf=" + token + "&revision=" + seen + "&zone=Asia%2FTokyo&maxPerHour=77&maxPerSession=");
        assertThat(staleDefaults.statusCode()).isEqualTo(409);
        assertThat(staleDefaults.body())
                .contains("the profile was changed since this page was shown", "value=\"Asia/Tokyo\"", "value=\"77\"");
        HttpResponse<String> staleEdit = http.post(
                PAGE + "/entries/edit",
                "_csrf=" + token + "&revision=" + seen + "&entry=office&name=office&day=MONDAY&from=07:00&until=09:00");
        assertThat(staleEdit.statusCode()).isEqualTo(409);
        assertThat(staleEdit.body())
                .contains("the profile was changed since this page was shown", "value=\"07:00\"")
                .contains("name=\"entry\" value=\"office\"");
        assertThat(engine.profiles().list()).containsExactly(changed);

        assertThat(http.post(
                                PAGE + "/entries",
                                "_csrf=" + token + "&revision=" + ProfileRevision.of(changed)
                                        + "&name=night&day=FRIDAY&from=22:00&until=06:00&maxPerHour=0")
                        .statusCode())
                .isEqualTo(303);
    }

    @Test
    void aProfileIsCreatedForATypeThatHasNoneAndNeverReplacesOne() {
        engine.defineTaskType(TaskType.named("sms"));
        engine.defineTaskType(TaskType.named("email"));
        http.signIn("/ui", "ada", PASSWORD);
        HttpResponse<String> list = http.get("/ui/profiles");
        assertThat(list.body())
                .contains("id=\"new-profile\"", "<option value=\"sms\" label=\"task type without a profile\">")
                .doesNotContain("<option value=\"email\" label=");
        String form = "kind=task&type=sms&zone=Europe%2FParis&maxPerHour=60&maxPerSession=10";
        assertThat(http.post("/ui/profiles", form).statusCode()).isEqualTo(403);
        assertThat(engine.profiles().list()).containsExactly(original);

        String token = http.csrf("/ui/profiles");
        HttpResponse<String> created = http.post("/ui/profiles", "_csrf=" + token + "&" + form);
        assertThat(created.statusCode()).isEqualTo(303);
        assertThat(created.headers().firstValue("Location").orElseThrow())
                .startsWith("/ui/profiles/task%3Asms?notice=Profile+task%3Asms+created.");
        Profile sms = engine.profiles().list().stream()
                .filter(p -> p.key().equals("task:sms"))
                .findFirst()
                .orElseThrow();
        assertThat(sms)
                .isEqualTo(Profile.forTaskType(
                        "sms",
                        ZoneId.of("Europe/Paris"),
                        List.of(),
                        ProfileLimits.perHour(60).withMaxPerSession(10)));
        assertThat(lastProfileEvent()).contains("\"actor\":\"ada (dashboard)\"", "\"profile\":\"task:sms\"");
        assertThat(http.get("/ui/profiles/task:sms").body()).contains("No entry: the default holds at every hour.");

        HttpResponse<String> job = http.post("/ui/profiles", "_csrf=" + token + "&kind=job&type=import&zone=UTC");
        assertThat(job.statusCode()).isEqualTo(303);
        assertThat(engine.profiles().list()).anyMatch(p -> p.key().equals("job:import") && p.otherwise() == null);

        HttpResponse<String> again =
                http.post("/ui/profiles", "_csrf=" + token + "&kind=task&type=email&zone=UTC&maxPerHour=1");
        assertThat(again.statusCode()).isEqualTo(409);
        assertThat(again.body())
                .contains("id=\"refusal\"", "profile task:email exists already")
                .contains("value=\"email\"", "value=\"1\"");
        assertThat(engine.profiles().list()).contains(original);

        HttpResponse<String> badZone =
                http.post("/ui/profiles", "_csrf=" + token + "&kind=task&type=push&zone=Mars%2FOlympus");
        assertThat(badZone.statusCode()).isEqualTo(400);
        assertThat(badZone.body()).contains("zone: 'Mars/Olympus' is not a time zone", "value=\"push\"");
        HttpResponse<String> badName =
                http.post("/ui/profiles", "_csrf=" + token + "&kind=task&type=" + Urls.encode("a b") + "&zone=UTC");
        assertThat(badName.statusCode()).isEqualTo(400);
        assertThat(http.post("/ui/profiles", "_csrf=" + token + "&kind=queue&type=x&zone=UTC")
                        .body())
                .contains("kind: 'queue' is neither task nor job");
        assertThat(engine.profiles().list())
                .extracting(Profile::key)
                .containsExactlyInAnyOrder("task:email", "task:sms", "job:import");
    }

    @Test
    void theZoneAndDefaultAreChangedAndAZoneThatMakesEntriesOverlapIsRefused() {
        Profile withParis = engine.profiles()
                .define(new Profile(
                        "email",
                        null,
                        ZoneOffset.UTC,
                        List.of(
                                original.entries().get(0),
                                ProfileEntry.of(
                                                "paris-evening",
                                                EnumSet.of(MONDAY),
                                                LocalTime.of(20, 0),
                                                LocalTime.of(22, 0),
                                                ProfileLimits.perHour(5))
                                        .withZone(ZoneId.of("Europe/Paris"))),
                        ProfileLimits.perHour(1000).withMaxPerSession(300).withConcurrency(4)));
        http.signIn("/ui", "ada", PASSWORD);
        HttpResponse<String> page = http.get(PAGE);
        assertThat(page.body())
                .contains("id=\"defaults-form\"", "id=\"d-zone\" name=\"zone\" list=\"zone-ids\" value=\"UTC\"");
        String token = http.csrf(PAGE);
        String seen = revision(page.body());

        HttpResponse<String> saved = http.post(
                PAGE + "/defaults",
                "_csrf=" + token + "&revision=" + seen
                        + "&zone=Asia%2FTokyo&maxPerHour=500&maxPerSession=&week=2030-W02");
        assertThat(saved.statusCode()).isEqualTo(303);
        assertThat(saved.headers().firstValue("Location").orElseThrow())
                .startsWith("/ui/profiles/task%3Aemail?week=2030-W02&notice=");
        Profile tokyo = engine.profiles().list().get(0);
        assertThat(tokyo.zone()).isEqualTo(ZoneId.of("Asia/Tokyo"));
        assertThat(tokyo.entries()).isEqualTo(withParis.entries());
        // the concurrency the form does not show is kept
        assertThat(tokyo.otherwise()).isEqualTo(ProfileLimits.perHour(500).withConcurrency(4));
        assertThat(lastProfileEvent()).contains("\"actor\":\"ada (dashboard)\"", "Asia/Tokyo");
        assertThat(http.get(PAGE).body()).contains("hours of Asia/Tokyo", "500/h, concurrency 4");

        // Los Angeles moves the office hours (no zone of their own) over Monday evening in Paris: the engine refuses
        HttpResponse<String> overlap = http.post(
                PAGE + "/defaults",
                "_csrf=" + token + "&revision=" + ProfileRevision.of(tokyo)
                        + "&zone=America%2FLos_Angeles&maxPerHour=500");
        assertThat(overlap.statusCode()).isEqualTo(400);
        assertThat(overlap.body())
                .contains("id=\"refusal\"", "'office' and 'paris-evening' both hold at", "with precedence 0")
                .contains("value=\"America/Los_Angeles\"");
        assertThat(engine.profiles().list()).containsExactly(tokyo);

        HttpResponse<String> unlimited =
                http.post(PAGE + "/defaults", "_csrf=" + token + "&zone=UTC&maxPerHour=&maxPerSession=");
        assertThat(unlimited.statusCode()).isEqualTo(303);
        assertThat(engine.profiles().list().get(0).otherwise()).isEqualTo(new ProfileLimits(null, null, 4, null, null));

        HttpResponse<String> bad =
                http.post(PAGE + "/defaults", "_csrf=" + token + "&zone=UTC&maxPerHour=lots&maxPerSession=0");
        assertThat(bad.statusCode()).isEqualTo(400);
        assertThat(bad.body()).contains("maxPerHour: 'lots' is not a whole number", "value=\"lots\"");
        HttpResponse<String> noZone = http.post(PAGE + "/defaults", "_csrf=" + token + "&zone=&maxPerHour=1");
        assertThat(noZone.body()).contains("zone: give the profile's time zone");
        assertThat(engine.profiles().list().get(0).otherwise()).isEqualTo(new ProfileLimits(null, null, 4, null, null));
    }

    @Test
    void anEntryIsChangedInItsPlaceKeepingWhatTheFormDoesNotShow() {
        LoadCondition busy = LoadCondition.atLeast("requests", 300);
        Profile two = engine.profiles()
                .define(new Profile(
                        "email",
                        null,
                        ZoneOffset.UTC,
                        List.of(
                                ProfileEntry.of(
                                                "office",
                                                EnumSet.range(MONDAY, FRIDAY),
                                                LocalTime.of(8, 0),
                                                LocalTime.of(18, 0),
                                                ProfileLimits.perHour(100).withPriorityBoost(2))
                                        .when(busy),
                                ProfileEntry.of(
                                        "night",
                                        EnumSet.of(FRIDAY),
                                        LocalTime.of(22, 0),
                                        LocalTime.of(6, 0),
                                        ProfileLimits.perHour(0))),
                        original.otherwise()));
        http.signIn("/ui", "ada", PASSWORD);
        HttpResponse<String> editing = http.get(PAGE + "?edit=office&week=2030-W02");
        assertThat(editing.statusCode()).isEqualTo(200);
        assertThat(editing.body())
                .contains("Change entry <span class=\"name\">office</span>", "/entries/edit\"")
                .contains("name=\"entry\" value=\"office\"", "id=\"save-entry\"")
                .contains("id=\"e-from\" name=\"from\" type=\"time\" value=\"08:00\"")
                .contains("id=\"e-until\" name=\"until\" type=\"time\" value=\"18:00\"")
                .contains("id=\"e-perhour\" name=\"maxPerHour\" inputmode=\"numeric\" value=\"100\"")
                .contains("id=\"e-day-MONDAY\" checked", "id=\"e-day-FRIDAY\" checked")
                .doesNotContain("id=\"e-day-SATURDAY\" checked", "id=\"add-entry\"");
        assertThat(http.get(PAGE + "?edit=lunch").statusCode()).isEqualTo(404);

        String token = http.csrf(PAGE);
        HttpResponse<String> saved = http.post(
                PAGE + "/entries/edit",
                "_csrf=" + token + "&revision=" + revision(editing.body()) + "&entry=office&name=work"
                        + "&day=MONDAY&day=TUESDAY&from=09:00&until=17:00&zone=UTC&maxPerHour=50&maxPerSession=10"
                        + "&precedence=0&week=2030-W02&gridZone=UTC");
        assertThat(saved.statusCode()).isEqualTo(303);
        assertThat(saved.headers().firstValue("Location").orElseThrow())
                .contains("notice=Entry+work+of+task%3Aemail+saved.");
        Profile changed = engine.profiles().list().get(0);
        assertThat(changed.entries()).extracting(ProfileEntry::name).containsExactly("work", "night");
        ProfileEntry work = changed.entries().get(0);
        assertThat(work)
                .isEqualTo(ProfileEntry.of(
                                "work",
                                EnumSet.of(MONDAY, DayOfWeek.TUESDAY),
                                LocalTime.of(9, 0),
                                LocalTime.of(17, 0),
                                ProfileLimits.perHour(50).withMaxPerSession(10).withPriorityBoost(2))
                        .when(busy));
        assertThat(changed.entries().get(1)).isEqualTo(two.entries().get(1));
        assertThat(lastProfileEvent()).contains("\"actor\":\"ada (dashboard)\"", "\"name\":\"work\"");

        HttpResponse<String> gone = http.post(
                PAGE + "/entries/edit",
                "_csrf=" + token + "&entry=office&name=office&day=MONDAY&from=09:00&until=10:00&maxPerHour=1");
        assertThat(gone.statusCode()).isEqualTo(404);
        HttpResponse<String> unnamed =
                http.post(PAGE + "/entries/edit", "_csrf=" + token + "&name=x&day=MONDAY&from=09:00&until=10:00");
        assertThat(unnamed.statusCode()).isEqualTo(400);
        assertThat(unnamed.body()).contains("entry: name the entry to change");
        HttpResponse<String> twice = http.post(
                PAGE + "/entries/edit",
                "_csrf=" + token + "&entry=night&name=work&day=FRIDAY&from=22:00&until=06:00&maxPerHour=0");
        assertThat(twice.statusCode()).isEqualTo(400);
        assertThat(twice.body()).contains("two entries are named 'work'");
        assertThat(engine.profiles().list()).containsExactly(changed);
    }

    @Test
    void aChangedEntryThatOverlapsAnotherIsRefusedWithTheEnginesReasonAndTheFormKept() {
        engine.profiles()
                .define(new Profile(
                        "email",
                        null,
                        ZoneOffset.UTC,
                        List.of(
                                original.entries().get(0),
                                ProfileEntry.of(
                                        "night",
                                        EnumSet.of(FRIDAY),
                                        LocalTime.of(22, 0),
                                        LocalTime.of(6, 0),
                                        ProfileLimits.perHour(0))),
                        original.otherwise()));
        Profile before = engine.profiles().list().get(0);
        http.signIn("/ui", "ada", PASSWORD);
        String token = http.csrf(PAGE);
        HttpResponse<String> refused = http.post(
                PAGE + "/entries/edit",
                "_csrf=" + token + "&revision=" + ProfileRevision.of(before) + "&entry=night&name=night"
                        + "&day=FRIDAY&from=17:00&until=06:00&zone=UTC&maxPerHour=3&precedence=0"
                        + "&week=2030-W02&gridZone=UTC");
        assertThat(refused.statusCode()).isEqualTo(400);
        assertThat(refused.body())
                .contains("id=\"refusal\"", "'office' and 'night' both hold at 2024-01-05T17:00 Z with precedence 0")
                .contains("Change entry <span class=\"name\">night</span>", "name=\"entry\" value=\"night\"")
                .contains("value=\"17:00\"", "value=\"3\"");
        assertThat(engine.profiles().list()).containsExactly(before);
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
