package dev.tide.server.dashboard;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.tide.api.ClaimRequest;
import dev.tide.api.Discipline;
import dev.tide.api.IntakeFile;
import dev.tide.api.IntakeFileQuery;
import dev.tide.api.NewTask;
import dev.tide.api.ProcessorDefinition;
import dev.tide.api.ProcessorKind;
import dev.tide.api.QueueDefinition;
import dev.tide.api.Schedule;
import dev.tide.api.TaskState;
import dev.tide.api.auth.Role;
import dev.tide.api.auth.TokenKind;
import dev.tide.api.json.Json;
import dev.tide.core.Tide;
import dev.tide.core.TideVersion;
import dev.tide.core.store.IntakeFileRow;
import dev.tide.core.store.IntakePass;
import dev.tide.core.testing.TempFolders;
import dev.tide.core.time.ManualClock;
import dev.tide.server.intake.FolderIntake;
import dev.tide.server.intake.IntakeSettings;
import java.io.IOException;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The administrators' changes of the dashboard's pages, over loopback HTTP, each seen in the engine afterwards; each
 * one refused to a worker (who reads) and every page refused to a submitter (who sees only its tasks and jobs).
 */
class DashboardPagesTest {
    private static final String[] READER_PAGES = {
        "/ui",
        "/ui/workers",
        "/ui/schedules",
        "/ui/processors",
        "/ui/statistics",
        "/ui/events",
        "/ui/parking",
        "/ui/intake",
        "/ui/queues/mail"
    };

    private final ManualClock clock = new ManualClock(Instant.parse("2030-01-07T09:00:00Z"));
    private DashboardSite site;
    private Tide engine;
    private DashboardHttp ada;
    private String csrf;

    @BeforeEach
    void open() {
        site = new DashboardSite(clock);
        engine = site.engine();
        ada = site.signedIn("ada");
        csrf = ada.csrf("/ui");
    }

    @AfterEach
    void close() {
        site.close();
    }

    /**
     * A payload kept in the blob store (over the 64 KiB threshold) is linked from the task page, not shown there, and
     * comes down as an attachment with nosniff, whole; a submitter gets it for its own task only (another's answers as
     * missing), and a task without a payload has nothing to download.
     */
    @Test
    void aBlobPayloadIsLinkedAndDownloadedAsAnAttachment() {
        String payload = "{\"note\":\"<script>alert(1)</script>\",\"pad\":\"" + "x".repeat(70_000) + "\"}";
        long blob = engine.enqueue(NewTask.builder("import")
                        .owner("sam")
                        .payloadJson(payload)
                        .build())
                .id();
        assertThat(engine.task(blob).blob()).isNotNull();
        long bare = engine.enqueue(NewTask.of("email", null)).id();

        String page = ada.get("/ui/tasks/" + blob).body();
        assertThat(page)
                .contains("Kept in the blob store", "/ui/tasks/" + blob + "/payload")
                .doesNotContain("x".repeat(1_000), "<script>alert");
        HttpResponse<String> download = ada.get("/ui/tasks/" + blob + "/payload");
        assertThat(download.statusCode()).isEqualTo(200);
        assertThat(download.headers().firstValue("Content-Disposition"))
                .hasValue("attachment; filename=\"task-" + blob + "-payload.json\"");
        assertThat(download.headers().firstValue("X-Content-Type-Options")).hasValue("nosniff");
        assertThat(download.body()).isEqualTo(payload);

        assertThat(signedIn("sam").get("/ui/tasks/" + blob + "/payload").body()).isEqualTo(payload);
        long bobs = engine.enqueue(NewTask.builder("import")
                        .owner("bob")
                        .payloadJson(payload)
                        .build())
                .id();
        assertThat(signedIn("sam").get("/ui/tasks/" + bobs + "/payload").statusCode())
                .isEqualTo(404);
        assertThat(ada.get("/ui/tasks/" + bare + "/payload").statusCode()).isEqualTo(404);
    }

    @Test
    void aWorkersLeasesAreReleased() {
        long id = engine.enqueue(NewTask.of("email", null)).id();
        engine.claim(ClaimRequest.of(null, "w-7", 1));
        assertThat(ada.get("/ui/workers").body()).contains("w-7: 1 leases", "/ui/tasks/" + id);
        assertThat(ada.post("/ui/workers/w-7/release", "_csrf=" + csrf).statusCode())
                .isEqualTo(303);
        assertThat(engine.task(id).state()).isEqualTo(TaskState.READY);
    }

    @Test
    void aScheduleIsPausedAndResumed() {
        engine.schedules().define(Schedule.of("nightly", "0 2 * * *", NewTask.of("report", null)));
        assertThat(ada.get("/ui/schedules").body()).contains("nightly", "2030-01-08T02:00:00Z");
        ada.post("/ui/schedules/nightly/pause", "_csrf=" + csrf);
        assertThat(engine.schedules().get("nightly").schedule().paused()).isTrue();
        ada.post("/ui/schedules/nightly/resume", "_csrf=" + csrf);
        assertThat(engine.schedules().get("nightly").schedule().paused()).isFalse();
    }

    @Test
    void aProcessorIsDefinedStartedAndStopped() {
        HttpResponse<String> defined =
                ada.post("/ui/processors", "_csrf=" + csrf + "&name=mailers&kind=remote&queue=mail&types=email,sms");
        assertThat(defined.statusCode()).isEqualTo(303);
        assertThat(engine.processors().get("mailers").processor().types()).containsExactlyInAnyOrder("email", "sms");
        ada.post("/ui/processors/mailers/start", "_csrf=" + csrf);
        assertThat(engine.processors().get("mailers").started()).isTrue();
        ada.post("/ui/processors/mailers/stop", "_csrf=" + csrf);
        assertThat(engine.processors().get("mailers").started()).isFalse();
        HttpResponse<String> bad = ada.post("/ui/processors", "_csrf=" + csrf + "&name=x&threads=many");
        assertThat(bad.statusCode()).isEqualTo(400);
        assertThat(bad.body()).contains("threads", "many");
    }

    @Test
    void tasksAreParkedAndUnparkedByOwner() {
        long bobs =
                engine.enqueue(NewTask.builder("email").owner("bob").build()).id();
        long sams =
                engine.enqueue(NewTask.builder("email").owner("sam").build()).id();
        ada.post("/ui/parking/park", "_csrf=" + csrf + "&owner=bob");
        assertThat(engine.task(bobs).state()).isEqualTo(TaskState.PARKED);
        assertThat(engine.task(sams).state()).isEqualTo(TaskState.READY);
        HttpResponse<String> nothing = ada.post("/ui/parking/park", "_csrf=" + csrf);
        assertThat(nothing.statusCode()).isEqualTo(400);
        ada.post("/ui/parking/unpark", "_csrf=" + csrf + "&owner=bob");
        assertThat(engine.task(bobs).state()).isEqualTo(TaskState.READY);
    }

    @Test
    void theIntakeIsSwitchedOffAndOn() {
        ada.post("/ui/intake/off", "_csrf=" + csrf);
        assertThat(engine.intake().status().enabled()).isFalse();
        ada.post("/ui/intake/on", "_csrf=" + csrf);
        assertThat(engine.intake().status().enabled()).isTrue();
    }

    @Test
    void theIntakePageListsTheFilesTakenAndRefusedWithTheReasonAsText() throws IOException {
        Path inbox = TempFolders.create("tide-inbox-");
        try {
            Path mail = Files.createDirectories(inbox.resolve("ada/mail"));
            Files.writeString(mail.resolve("email--1.json"), "{\"to\":\"ada\"}");
            Files.writeString(mail.resolve("email--2.json"), "{\n  \"to\": \"ada\",\n  oops\n}");
            Files.writeString(mail.resolve("<script>.json"), "{}");
            try (var files = Files.list(mail)) {
                for (Path file : files.toList()) {
                    Files.setLastModifiedTime(
                            file, FileTime.from(clock.instant().minusSeconds(60)));
                }
            }
            FolderIntake intake =
                    new FolderIntake(engine, IntakeSettings.of(inbox).withClock(clock));
            assertThat(intake.runOnce()).isEqualTo(new FolderIntake.Pass(true, 1, 2, 0));
        } finally {
            TempFolders.delete(inbox);
        }
        long task = engine.intake().files(IntakeFileQuery.recent()).items().stream()
                .filter(f -> f.outcome() == IntakeFile.Outcome.STORED)
                .findFirst()
                .orElseThrow()
                .taskId();

        String page = signedIn("wes").get("/ui/intake").body();

        assertThat(page)
                .contains("id=\"intake-files\"", "email--1.json", "/ui/tasks/" + task, "taken", "refused")
                .contains("<td>none</td>", "payload: is not valid JSON at line 3, column 3: Unexpected character")
                .as("a hostile file name and the reason quoting it are text")
                .contains("<code>&lt;script&gt;.json</code>", "task type '&lt;script&gt;'")
                .doesNotContain("<script>.json", "'<script>'");
    }

    @Test
    void theIntakePagePagesBackThroughOlderFiles() {
        engine.recordIntakePass(new IntakePass(
                clock.instant(),
                IntStream.rangeClosed(1, 51)
                        .mapToObj(n -> IntakeFileRow.stored(clock.instant(), "ada", "mail", "f-" + n + ".json", n))
                        .toList()));

        String first = ada.get("/ui/intake").body();
        assertThat(first)
                .contains("f-51.json", "f-2.json")
                .doesNotContain("f-1.json")
                .contains("Older files");
        String cursor = engine.intake().files(IntakeFileQuery.recent()).nextCursor();
        String older = ada.get("/ui/intake?cursor=" + cursor).body();
        assertThat(older).contains("f-1.json", "First page").doesNotContain("f-2.json", "Older files");
        assertThat(ada.get("/ui/intake?cursor=x").statusCode()).isEqualTo(400);
    }

    @Test
    void usersAreChangedAndTokensIssuedAndRevoked() {
        ada.post("/ui/users/sam/roles", "_csrf=" + csrf + "&role-submitter=on&role-worker=on");
        assertThat(engine.accounts().account("sam").roles()).containsExactlyInAnyOrder(Role.SUBMITTER, Role.WORKER);
        ada.post("/ui/users/sam/limits", "_csrf=" + csrf + "&pendingLimit=50");
        assertThat(engine.accounts().account("sam").pendingLimit()).isEqualTo(50);

        HttpResponse<String> issued = ada.post("/ui/users/sam/tokens", "_csrf=" + csrf + "&label=laptop");
        assertThat(issued.body()).contains("shown this once", "tide_");
        var token = engine.accounts().tokens("sam").stream()
                .filter(t -> t.kind() == TokenKind.API)
                .findFirst()
                .orElseThrow();
        ada.post("/ui/users/sam/tokens/" + token.id() + "/revoke", "_csrf=" + csrf);
        assertThat(engine.accounts().tokens("sam")).noneMatch(t -> t.id().equals(token.id()));

        ada.post("/ui/users/sam/disable", "_csrf=" + csrf);
        assertThat(engine.accounts().account("sam").disabled()).isTrue();
        ada.post("/ui/prohibited-users", "_csrf=" + csrf + "&users=mallory,eve");
        assertThat(engine.queues().prohibitedUsers()).containsExactlyInAnyOrder("mallory", "eve");
    }

    @Test
    void aTaskShowsItsDependentsAndEventsAndAJobItsAlerts() {
        long job = engine.createJob(dev.tide.api.NewJob.builder("import")
                        .title("nightly")
                        .owner("sam")
                        .build())
                .job()
                .id();
        long first = engine.enqueue(NewTask.builder("step")
                        .job(job)
                        .owner("sam")
                        .maxAttempts(1)
                        .build())
                .id();
        long second = engine.enqueue(
                        NewTask.builder("step").owner("sam").dependsOn(first).build())
                .id();
        var leased = engine.claim(ClaimRequest.of(null, "w-1", 1)).get(0);
        engine.ack(dev.tide.api.Ack.builder(leased.lease()).message("disk full").fail());

        String task = ada.get("/ui/tasks/" + first).body();
        assertThat(task).contains("/ui/tasks/" + second, "task.failed", "disk full");
        assertThat(ada.get("/ui/jobs/" + job).body()).contains("task.failed");
        assertThat(ada.get("/ui/events?task=" + first).body()).contains("task.failed");
        assertThat(ada.get("/ui/events?task=x").statusCode()).isEqualTo(400);

        DashboardHttp sam = signedIn("sam");
        String own = sam.get("/ui/tasks/" + first).body();
        assertThat(own).contains("/ui/tasks/" + second).doesNotContain("task.failed");
        assertThat(sam.get("/ui/jobs").body()).contains("nightly");
        engine.createJob(dev.tide.api.NewJob.builder("import")
                .title("bobs-import")
                .owner("bob")
                .build());
        assertThat(sam.get("/ui/jobs?owner=bob").body()).doesNotContain("bobs-import");
        assertThat(ada.get("/ui/jobs?state=open").body()).contains("bobs-import");
        assertThat(ada.get("/ui/jobs?state=nope").statusCode()).isEqualTo(400);
    }

    @Test
    void tasksAreFoundByTimeErrorTextAndPayload() {
        for (int i = 1; i <= 3; i++) {
            engine.enqueue(NewTask.builder("email")
                    .payloadJson("{\"customer\":{\"id\":" + i + "}}")
                    .maxAttempts(1)
                    .build());
        }
        var leased = engine.claim(ClaimRequest.of(null, "w-1", 1)).get(0);
        engine.ack(dev.tide.api.Ack.builder(leased.lease())
                .message("SMTP 550 mailbox unavailable")
                .fail());
        clock.advance(java.time.Duration.ofMinutes(20)); // within the session's idle timeout
        long later = engine.enqueue(NewTask.of("email", null)).id();

        String byPayload = ada.get("/ui/tasks?path=customer.id&value=2").body();
        assertThat(byPayload).contains("1 tasks match", "Payloads kept in the blob store are not searched");
        String byError = ada.get("/ui/tasks?error=mailbox").body();
        assertThat(byError)
                .contains("1 tasks match", "/ui/tasks/" + leased.task().id() + "\"");
        String byTime = ada.get("/ui/tasks?received-from=2030-01-07T09:10").body();
        assertThat(byTime).contains("1 tasks match", "/ui/tasks/" + later + "\"");
        assertThat(ada.get("/ui/tasks?received-from=yesterday").statusCode()).isEqualTo(400);
        assertThat(ada.get("/ui/tasks?path=customer..id&value=1").statusCode()).isEqualTo(400);
    }

    @Test
    void aSimulationLongerThanTheDashboardsBoundIsRefused() {
        String month = "{\"start\":\"2026-03-02T00:00\",\"days\":30,\"workload\":[]}";
        HttpResponse<String> refused =
                ada.post("/ui/simulation", "_csrf=" + csrf + "&simulation=" + Urls.encode(month));
        assertThat(refused.statusCode()).isEqualTo(400);
        assertThat(refused.body()).contains("at most 14");
        HttpResponse<String> unknown = ada.post(
                "/ui/simulation",
                "_csrf=" + csrf + "&simulation=" + Urls.encode("{\"start\":\"2026-03-02T00:00\",\"x\":1}"));
        assertThat(unknown.statusCode()).isEqualTo(400);
        assertThat(signedIn("wes").get("/ui/simulation").statusCode()).isEqualTo(403);
    }

    /**
     * A fair queue's page: each user's share due (of the users waiting now) beside its share served (its tasks that
     * ended in the last hour: not those of two hours ago), the chart of both (user names as JSON text, whatever they
     * hold), and the queue's own throughput per hour beside the overview's of every queue; workers read it, a
     * submitter with tasks in the queue does not.
     */
    @Test
    void aFairQueuesPageSetsShareServedAgainstShareDueAndShowsItsThroughput() {
        String eve = "<b>\"eve";
        engine.queues().define(QueueDefinition.named("shared").withDiscipline(Discipline.FAIR));
        serve("shared", "sam", "sam", "sam", "bob"); // 09:00, two hours before the page: not counted as served
        clock.set(Instant.parse("2030-01-07T10:50:00Z"));
        serve("shared", "sam", "bob", "bob", eve);
        serve("mail", "bob"); // another queue's
        for (String owner : new String[] {"sam", "bob"}) {
            engine.enqueue(NewTask.builder("email").queue("shared").owner(owner).build()); // waiting: due 50 % each
        }
        clock.set(Instant.parse("2030-01-07T11:00:00Z"));

        DashboardHttp admin = signedIn("ada"); // two hours on: the morning's session has ended

        String page = admin.get("/ui/queues/shared").body();
        assertThat(row(page, "sam")).endsWith("<td>yes</td><td>50.0 %</td><td>1</td><td>25.0 %</td></tr>");
        assertThat(row(page, "bob")).endsWith("<td>yes</td><td>50.0 %</td><td>2</td><td>50.0 %</td></tr>");
        assertThat(row(page, "&lt;b&gt;\"eve")).endsWith("<td>no</td><td>0.0 %</td><td>1</td><td>25.0 %</td></tr>");
        assertThat(page).contains("in the last hour, 4 in all").doesNotContain(eve);
        JsonNode chart = Json.read(chartData(page, "Share due against share served"), JsonNode.class);
        assertThat(chart.path("labels").toString()).isEqualTo(Json.write(List.of(eve, "bob", "sam")));
        assertThat(chart.path("series").get(0).path("data").toString()).isEqualTo("[0.0,50.0,50.0]");
        assertThat(chart.path("series").get(1).path("data").toString()).isEqualTo("[25.0,50.0,25.0]");

        assertThat(page)
                .contains("Throughput of this queue, last 24 hours (UTC)")
                .contains("<tr><th scope=\"row\">09:00</th><td>4</td><td>4</td><td>0</td><td>0</td></tr>")
                .contains("<tr><th scope=\"row\">10:00</th><td>4</td><td>4</td><td>0</td><td>0</td></tr>");
        assertThat(chartData(page, "Tasks of this queue succeeded and failed per hour"))
                .contains("\"data\":[" + "0,".repeat(21) + "4,4,0]");
        assertThat(admin.get("/ui").body())
                .contains("<tr><th scope=\"row\">10:00</th><td>5</td><td>5</td><td>0</td><td>0</td></tr>");

        assertThat(signedIn("wes").get("/ui/queues/shared").body()).contains("Share served", "25.0 %");
        assertThat(signedIn("sam").get("/ui/queues/shared").statusCode()).isEqualTo(403);
    }

    /**
     * Enqueues a task of each owner in the queue, claims them all and lets them succeed, at the clock's time; then a
     * claim that finds nothing, after which a fair queue knows its users wait for nothing.
     */
    private void serve(String queue, String... owners) {
        for (String owner : owners) {
            engine.enqueue(NewTask.builder("email").queue(queue).owner(owner).build());
        }
        for (var task : engine.claim(ClaimRequest.of(queue, "w", owners.length))) {
            engine.ack(task.ack().succeed());
        }
        assertThat(engine.claim(ClaimRequest.of(queue, "w", 1))).isEmpty();
    }

    /** The users table's row of this user (its name as the page writes it). */
    private static String row(String page, String user) {
        Matcher m = Pattern.compile("<tr><th scope=\"row\">" + Pattern.quote(user) + "</th>.*?</tr>")
                .matcher(page);
        assertThat(m.find()).as("a row of " + user).isTrue();
        return m.group();
    }

    /** The data of the chart whose label starts so, as the script reads it (the attribute unescaped). */
    private static String chartData(String page, String label) {
        Matcher m = Pattern.compile("data-chart=\"([^\"]*)\" role=\"img\" aria-label=\"" + Pattern.quote(label))
                .matcher(page);
        assertThat(m.find()).as("a chart labelled " + label).isTrue();
        return m.group(1)
                .replace("&#34;", "\"")
                .replace("&#39;", "'")
                .replace("&lt;", "<")
                .replace("&gt;", ">")
                .replace("&amp;", "&");
    }

    @Test
    void theOverviewShowsEachNodeWithItsVersionUptimeAndWhatItsProcessorsDo() {
        assertThat(ada.get("/ui").body()).contains("Nodes", "No node has recorded itself yet");
        engine.processors()
                .define(ProcessorDefinition.named("intake")
                        .withKind(ProcessorKind.REMOTE)
                        .withQueue("mail"));
        engine.processors().start("intake");
        engine.enqueue(NewTask.builder("email").queue("mail").build());
        engine.claim(ClaimRequest.under("intake", "remote-1", 1));
        engine.processorHost().runOnce();
        engine.passes().recordNode();
        clock.advance(Duration.ofSeconds(30));

        String overview = ada.get("/ui").body();
        assertThat(overview)
                .contains(
                        "<th scope=\"row\">" + engine.config().nodeName() + "</th>",
                        "<td>" + TideVersion.current() + "</td>",
                        "<td>live</td>",
                        "<td>30 s</td>",
                        ">intake</a>: serving, 1 task</li>")
                .doesNotContain("No node has recorded itself yet");

        clock.advance(Duration.ofMinutes(1));
        assertThat(ada.get("/ui").body())
                .as("three heartbeats missed")
                .contains("<tr class=\"gone\">", "<span class=\"badge\">gone</span>");
    }

    @Test
    void aWorkerReadsEveryPageButChangesNothing() {
        DashboardHttp wes = signedIn("wes");
        String token = wes.csrf("/ui");
        for (String page : READER_PAGES) {
            assertThat(wes.get(page).statusCode()).as(page).isEqualTo(200);
        }
        assertThat(wes.get("/ui/users").statusCode()).isEqualTo(403);
        assertThat(wes.post("/ui/intake/off", "_csrf=" + token).statusCode()).isEqualTo(403);
        assertThat(wes.post("/ui/parking/park", "_csrf=" + token + "&owner=bob").statusCode())
                .isEqualTo(403);
        assertThat(engine.intake().status().enabled()).isTrue();
    }

    @Test
    void aSubmitterReachesNoPageButItsTasksAndJobs() {
        DashboardHttp sam = signedIn("sam");
        for (String page : READER_PAGES) {
            if (!page.equals("/ui")) {
                assertThat(sam.get(page).statusCode()).as(page).isEqualTo(403);
            }
        }
        assertThat(sam.get("/ui").statusCode()).isEqualTo(303);
        assertThat(sam.get("/ui/users").statusCode()).isEqualTo(403);
        assertThat(sam.get("/ui/tasks").statusCode()).isEqualTo(200);
        assertThat(sam.get("/ui/jobs").statusCode()).isEqualTo(200);
    }

    private DashboardHttp signedIn(String user) {
        return site.signedIn(user);
    }
}
