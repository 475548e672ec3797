package dev.tide.server.dashboard;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tide.api.Ack;
import dev.tide.api.ClaimRequest;
import dev.tide.api.Discipline;
import dev.tide.api.LeasedTask;
import dev.tide.api.NewJob;
import dev.tide.api.NewTask;
import dev.tide.api.Outcome;
import dev.tide.api.ProcessorDefinition;
import dev.tide.api.ProcessorKind;
import dev.tide.api.QueueDefinition;
import dev.tide.api.Schedule;
import dev.tide.api.TaskSelection;
import dev.tide.api.TaskState;
import dev.tide.api.auth.NewAccount;
import dev.tide.api.auth.Role;
import dev.tide.core.Tide;
import dev.tide.core.TideConfig;
import dev.tide.core.contract.FixtureFactory;
import dev.tide.core.contract.QueueFixture;
import dev.tide.core.store.IntakeFileRow;
import dev.tide.core.store.IntakePass;
import dev.tide.server.TideServer;
import java.time.InstantSource;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.openqa.selenium.By;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.WebElement;

/**
 * The dashboard in a real browser against a real {@code tide server} on each store: what people do with it, what they
 * may not do, and hostile text shown as text. Each page visited is checked with axe and photographed (desktop and
 * phone width) under target/screenshots.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
public abstract class DashboardBrowserContract {
    static final String PASSWORD = "correct horse battery";

    private Browser browser;
    private QueueFixture fixture;
    private Tide engine;
    private TideServer server;
    private String base;

    protected abstract FixtureFactory factory();

    /** The store's name, in screenshot file names. */
    protected abstract String storeName();

    @BeforeAll
    void openBrowser() {
        browser = Browser.open();
    }

    @AfterAll
    void closeBrowser() {
        if (browser != null) {
            browser.close();
        }
    }

    @BeforeEach
    void open() {
        fixture = factory().open(InstantSource.system(), TideConfig.defaults().withMaintenanceInterval(null));
        engine = fixture.engine();
        server = TideServer.builder(engine)
                .port(0)
                .routes(Dashboard.mount(DashboardSettings.DEFAULTS))
                .build()
                .start();
        base = server.uri() + "ui";
        for (var user : Map.of("ada", Role.ADMIN, "sam", Role.SUBMITTER, "bob", Role.SUBMITTER)
                .entrySet()) {
            engine.accounts().addAccount(new NewAccount(user.getKey(), Set.of(user.getValue()), PASSWORD, null, null));
        }
        browser.signOut();
    }

    @AfterEach
    void close() {
        server.stop();
        fixture.close();
    }

    @Test
    void aFailedTaskIsFoundByFilterAndRetried() {
        engine.enqueueAll(List.of(NewTask.of("email", Map.of("to", "a")), NewTask.of("email", Map.of("to", "b"))));
        long failing =
                engine.enqueue(NewTask.builder("report").maxAttempts(1).build()).id();
        failAll("report", "the printer is on fire");

        browser.signIn(base, "ada", PASSWORD);
        browser.await("the overview after sign-in", 10, d -> d.getTitle().startsWith("Overview"));
        shoot("overview");
        browser.go(base + "/tasks");
        browser.select("f-outcome", "failed");
        browser.type("f-type", "report");
        browser.click(By.cssSelector("form.filter button[type=submit]"));
        browser.await("the filtered list", 10, d -> d.getCurrentUrl().contains("outcome=failed"));
        assertThat(browser.url()).contains("type=report");
        List<WebElement> rows = browser.findAll(By.cssSelector("table.tasks tbody tr"));
        assertThat(rows).hasSize(1);
        assertThat(rows.get(0).getText()).contains(String.valueOf(failing), "the printer is on fire");
        shoot("tasks-filtered");

        browser.click(By.linkText(String.valueOf(failing)));
        browser.await("the task page", 10, d -> d.getTitle().startsWith("Task " + failing));
        shoot("task-failed");
        browser.click(By.id("retry"));
        browser.await("the retry notice", 10, d -> browser.text().contains("will run again"));
        assertThat(engine.task(failing).state()).isIn(TaskState.READY, TaskState.SCHEDULED);
    }

    @Test
    void allTasksMatchingAFilterAreCancelledInBulk() {
        List<NewTask> tasks = new java.util.ArrayList<>();
        for (int i = 0; i < 30; i++) {
            tasks.add(NewTask.builder("email").queue("mail").build());
        }
        for (int i = 0; i < 5; i++) {
            tasks.add(NewTask.builder("report").queue("mail").build());
        }
        tasks.add(NewTask.builder("email").build());
        engine.enqueueAll(tasks);

        browser.signIn(base, "ada", PASSWORD);
        browser.go(base + "/tasks?queue=mail&type=email");
        browser.select("bulk-all-action", "cancel");
        browser.click(By.id("bulk-all-go"));
        browser.await("the confirmation", 10, d -> d.getTitle().startsWith("Confirm"));
        assertThat(browser.find(By.id("bulk-count")).getText()).startsWith("30 tasks match");
        shoot("bulk-confirm");
        long late =
                engine.enqueue(NewTask.builder("email").queue("mail").build()).id();
        browser.type("bulk-reason", "campaign withdrawn");
        browser.click(By.id("bulk-confirm"));
        browser.await("the bulk action's page", 10, d -> d.getTitle().startsWith("Bulk action"));
        engine.passes().runBulkActions();
        browser.await(
                "the progress to reach the end",
                15,
                d -> browser.find(By.id("bulk-state")).getText().equals("done"));
        assertThat(browser.find(By.id("bulk-done")).getText()).isEqualTo("30");
        shoot("bulk-done");
        assertThat(engine.tasks(dev.tide.api.TaskQuery.all()
                                .withOutcome(Outcome.CANCELLED)
                                .withLimit(100))
                        .items())
                .hasSize(30)
                .allMatch(t -> t.type().equals("email") && t.queue().equals("mail"));
        assertThat(engine.task(late).state()).isEqualTo(TaskState.READY);
    }

    @Test
    void aQueueIsSuspendedAndResumed() {
        engine.queues().define(QueueDefinition.named("mail"));
        engine.enqueue(NewTask.builder("email").queue("mail").build());

        browser.signIn(base, "ada", PASSWORD);
        browser.go(base + "/queues/mail");
        shoot("queue");
        browser.click(By.id("suspend-toggle"));
        browser.await("the suspended notice", 10, d -> browser.text().contains("Queue suspended"));
        assertThat(suspended("mail")).isTrue();
        browser.go(base);
        assertThat(browser.find(By.cssSelector("tr.suspended")).getText()).contains("mail", "suspended");
        shoot("overview-suspended");

        browser.go(base + "/queues/mail");
        browser.click(By.id("suspend-toggle"));
        browser.await("the resumed notice", 10, d -> browser.text().contains("Queue resumed"));
        assertThat(suspended("mail")).isFalse();
    }

    /**
     * A fair queue's page draws its depth, its throughput and its users' share due against share served, and fits a
     * phone's width.
     */
    @Test
    void aFairQueuesPageDrawsShareServedAgainstShareDue() {
        engine.queues().define(QueueDefinition.named("shared").withDiscipline(Discipline.FAIR));
        for (String owner : List.of("sam", "sam", "sam", "bob")) {
            engine.enqueue(NewTask.builder("email").queue("shared").owner(owner).build());
        }
        for (LeasedTask leased : engine.claim(ClaimRequest.of("shared", "w1", 4))) {
            engine.ack(Ack.succeed(leased.lease()));
        }
        engine.enqueueAll(List.of(
                NewTask.builder("email").queue("shared").owner("sam").build(),
                NewTask.builder("email").queue("shared").owner("bob").build()));

        browser.signIn(base, "ada", PASSWORD);
        browser.go(base + "/queues/shared");
        WebElement users = browser.find(By.id("fair-users"));
        assertThat(users.getText()).contains("Share due", "Share served", "75.0 %", "25.0 %");
        assertThat(((JavascriptExecutor) browser.driver())
                        .executeScript("return Array.from(document.querySelectorAll('canvas[data-chart]'))"
                                + ".filter(function (c) { return c.chart; }).length"))
                .as("the depth, throughput and shares charts drawn")
                .isEqualTo(3L);
        browser.driver().manage().window().setSize(Browser.PHONE);
        try {
            // the charts follow the new width once the browser has laid the page out again
            browser.await(
                    "the page not scrolling sideways on a phone",
                    10,
                    d -> Boolean.FALSE.equals(((JavascriptExecutor) d)
                            .executeScript("return document.documentElement.scrollWidth"
                                    + " > document.documentElement.clientWidth")));
        } finally {
            browser.driver().manage().window().setSize(Browser.DESKTOP);
        }
        shoot("queue-fair");
        ((JavascriptExecutor) browser.driver())
                .executeScript("document.getElementById('users-h').scrollIntoView({block: 'start'})");
        browser.screenshot(storeName().toLowerCase(java.util.Locale.ROOT) + "-queue-fair-users");
    }

    @Test
    void aJobsProgressBarMovesWhileAWorkerRunsIt() throws Exception {
        List<NewTask> steps = java.util.stream.IntStream.range(0, 5)
                .mapToObj(i -> NewTask.of("step", Map.of("n", i)))
                .toList();
        long job = engine.createJob(NewJob.builder("import")
                        .title("enrollment import")
                        .owner("sam")
                        .tasks(steps)
                        .build())
                .job()
                .id();
        browser.signIn(base, "sam", PASSWORD);
        browser.go(base + "/jobs/" + job);
        assertThat(browser.find(By.id("job-done")).getText()).isEqualTo("0");
        ((JavascriptExecutor) browser.driver()).executeScript("window.stillTheSamePage = true");

        ScheduledExecutorService worker = Executors.newSingleThreadScheduledExecutor();
        try {
            worker.scheduleWithFixedDelay(() -> succeedOne("step"), 300, 700, TimeUnit.MILLISECONDS);
            browser.await(
                    "the bar to move without a reload",
                    20,
                    d -> !browser.find(By.id("job-done")).getText().equals("0"));
            browser.await(
                    "the job to end",
                    30,
                    d -> browser.find(By.id("job-done")).getText().equals("5"));
        } finally {
            worker.shutdownNow();
        }
        assertThat(((JavascriptExecutor) browser.driver()).executeScript("return window.stillTheSamePage"))
                .isEqualTo(true);
        assertThat(browser.find(By.id("job-progress")).getAttribute("value")).isEqualTo("5");
        shoot("job");
    }

    @Test
    void aSubmitterSeesOnlyItsOwnAndReachesNoAdminPage() {
        engine.queues().define(QueueDefinition.named("mail"));
        long mine =
                engine.enqueue(NewTask.builder("email").owner("sam").build()).id();
        long bobs =
                engine.enqueue(NewTask.builder("email").owner("bob").build()).id();

        browser.signIn(base, "sam", PASSWORD);
        browser.await(
                "the task list, a submitter's start", 10, d -> d.getTitle().startsWith("Tasks"));
        assertThat(ids()).containsExactly(String.valueOf(mine));
        assertThat(browser.findAll(By.linkText("Overview"))).isEmpty();
        shoot("tasks-submitter");

        browser.go(base + "/tasks?owner=bob");
        assertThat(ids()).containsExactly(String.valueOf(mine));
        browser.go(base + "/tasks/" + bobs);
        assertThat(browser.text()).contains("Not found", "task " + bobs);
        browser.go(base + "/queues/mail");
        assertThat(browser.text()).contains("Not allowed");
        browser.go(base);
        assertThat(browser.title()).startsWith("Tasks");
    }

    @Test
    void hostileTextIsShownAsText() {
        String payload = "{\"note\":\"<script>window.pwned=1</script>\"}";
        long task = engine.enqueue(NewTask.builder("email")
                        .owner("sam")
                        .payloadJson(payload)
                        .maxAttempts(1)
                        .build())
                .id();
        failAll("email", "<b id=\"bold\">x</b><img src=x onerror=\"window.pwned=2\">");
        long job = engine.createJob(NewJob.builder("import")
                        .title("<script>window.pwned=3</script>")
                        .owner("sam")
                        .build())
                .job()
                .id();

        browser.signIn(base, "ada", PASSWORD);
        browser.go(base + "/tasks/" + task);
        assertThat(browser.text()).contains("<script>window.pwned=1</script>", "<b id=\"bold\">x</b>");
        assertThat(browser.findAll(By.id("bold"))).isEmpty();
        shoot("task-hostile");
        browser.go(base + "/tasks");
        browser.go(base + "/jobs/" + job);
        assertThat(browser.text()).contains("<script>window.pwned=3</script>");
        browser.go(base + "/queues/%3Cscript%3E");
        assertThat(browser.text()).contains("'<script>'");
        String fileName = "<img src=x onerror=\"window.pwned=4\">.json";
        engine.recordIntakePass(new IntakePass(
                engine.clock().instant(),
                List.of(IntakeFileRow.rejected(
                        engine.clock().instant(), "sam", "mail", fileName, "the reason quotes it: " + fileName))));
        browser.go(base + "/intake");
        assertThat(browser.text()).contains(fileName, "the reason quotes it: " + fileName);
        assertThat(((JavascriptExecutor) browser.driver()).executeScript("return window.pwned"))
                .isNull();
    }

    @Test
    void everyPageIsAccessibleAtBothWidths() {
        engine.queues().define(QueueDefinition.named("mail"));
        engine.schedules().define(Schedule.of("nightly-report", "0 2 * * *", NewTask.of("report", null)));
        engine.processors()
                .define(new ProcessorDefinition(
                        "mailers", ProcessorKind.REMOTE, "mail", Set.of("email"), null, null, null, Set.of()));
        long samsTask = engine.enqueueAll(List.of(
                        NewTask.builder("email").queue("mail").owner("sam").build(),
                        NewTask.builder("email").queue("mail").owner("bob").build(),
                        NewTask.builder("report").owner("bob").build()))
                .get(0)
                .id();
        engine.claim(ClaimRequest.of("mail", "w-7", 1));
        engine.park(TaskSelection.owner("bob"));
        long job = engine.createJob(NewJob.builder("import")
                        .title("enrollment")
                        .owner("sam")
                        .build())
                .job()
                .id();
        engine.recordIntakePass(new IntakePass(
                engine.clock().instant(),
                List.of(
                        IntakeFileRow.stored(
                                engine.clock().instant(), "sam", "mail", "email--welcome-sam.json", samsTask),
                        IntakeFileRow.rejected(
                                engine.clock().instant(),
                                "sam",
                                "mail",
                                "email--2.json",
                                "payload: is not valid JSON at line 3, column 3: Unexpected character ('o' (code 111)):"
                                        + " was expecting double-quote to start field name"))));

        browser.signIn(base, "ada", PASSWORD);
        for (String page : List.of(
                "workers", "schedules", "processors", "statistics", "events", "parking", "intake", "users", "jobs")) {
            browser.go(base + "/" + page);
            assertThat(browser.find(By.tagName("h1")).getText()).as(page).isNotBlank();
            assertThat(browser.text()).as(page).doesNotContain("Something failed", "Not found");
            shoot(page);
        }
        engine.processorHost().runOnce();
        engine.passes().recordNode();
        browser.go(base);
        assertThat(browser.find(By.cssSelector("#nodes-h + .scroll tbody th")).getText())
                .isEqualTo(engine.config().nodeName());
        shoot("overview-nodes");
        browser.go(base + "/users/sam");
        shoot("user");
        browser.go(base + "/jobs/" + job);
        shoot("job-empty");
        browser.go(base + "/workers");
        assertThat(browser.text()).contains("w-7: 1 leases");
        browser.go(base + "/parking");
        assertThat(browser.findAll(By.cssSelector("table tbody tr"))).hasSize(2);
        browser.signOut();
        browser.go(base + "/sign-in");
        shoot("sign-in");
    }

    @Test
    void aSimulationRunsOnTheServerAndDrawsItsChart() {
        browser.signIn(base, "ada", PASSWORD);
        browser.go(base + "/simulation");
        browser.click(By.id("run-simulation"));
        browser.await(
                "the simulation's chart",
                60,
                d -> !d.findElements(By.cssSelector("img.simulation-chart")).isEmpty());
        assertThat(browser.findAll(By.cssSelector("section table tbody tr"))).hasSize(2);
        assertThat(browser.text()).contains("1200 tasks arrived over 2 days");
        assertThat(((JavascriptExecutor) browser.driver())
                        .executeScript("return document.querySelector('img.simulation-chart').naturalWidth"))
                .isNotEqualTo(0L);
        shoot("simulation");
        assertThat(engine.tasks(dev.tide.api.TaskQuery.all()).items()).isEmpty();
    }

    private List<String> ids() {
        return browser.findAll(By.cssSelector("table.tasks tbody tr td:nth-child(2) a")).stream()
                .map(WebElement::getText)
                .toList();
    }

    private boolean suspended(String queue) {
        return engine.queues().list().stream()
                .filter(q -> q.name().equals(queue))
                .findFirst()
                .orElseThrow()
                .suspended();
    }

    private void failAll(String type, String message) {
        for (LeasedTask leased : engine.claim(ClaimRequest.of(null, "w1", 100))) {
            Ack.Builder ack = Ack.builder(leased.lease()).message(message);
            engine.ack(leased.task().type().equals(type) ? ack.fail() : ack.succeed());
        }
        assertThat(engine.tasks(dev.tide.api.TaskQuery.all().withOutcome(Outcome.FAILED))
                        .items())
                .isNotEmpty();
    }

    private void succeedOne(String type) {
        for (LeasedTask leased : engine.claim(ClaimRequest.of(null, "w1", 1))) {
            engine.ack(Ack.succeed(leased.lease()));
        }
    }

    /** Checks the page with axe, then photographs it. */
    private void shoot(String name) {
        browser.assertAccessible(name);
        browser.screenshot(storeName().toLowerCase(java.util.Locale.ROOT) + "-" + name);
    }
}
