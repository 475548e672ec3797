package dev.tide.bench;

import dev.tide.api.Ack;
import dev.tide.api.ClaimRequest;
import dev.tide.api.LeasedTask;
import dev.tide.api.NewJob;
import dev.tide.api.NewTask;
import dev.tide.api.QueueDefinition;
import dev.tide.api.TaskSelection;
import dev.tide.api.auth.NewAccount;
import dev.tide.api.auth.Role;
import dev.tide.core.Tide;
import dev.tide.core.TideConfig;
import dev.tide.server.TideServer;
import dev.tide.server.dashboard.Dashboard;
import dev.tide.server.dashboard.DashboardSettings;
import java.io.IOException;
import java.io.PrintStream;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The dashboard's page times on a stated data set: {@code tasks} tasks (one million in the documented run) in 10
 * queues, 20 types and 1,000 owners, one in ten in one of the jobs of 100 tasks; 20,000 of them run (three in four
 * succeeded, one in four failed with a message), 1,000 leased by 10 workers, 1,000 parked. Each page is fetched over
 * loopback HTTP by a signed-in administrator, as a browser fetches it (the whole HTML), after a warm-up; the report
 * gives its median and 95th percentile. The task list's indexes are on ({@code TideBuilder.listIndexes}), as a
 * service browsed by filter runs.
 */
final class DashboardBenchmark {
    static final int QUEUES = 10;
    static final int TYPES = 20;
    static final int OWNERS = 1000;
    static final int JOB_SIZE = 100;
    private static final String PASSWORD = "dashboard bench password";

    private DashboardBenchmark() {}

    /** One page's times. */
    record Page(String name, String path, Latencies latencies) {}

    record Result(String store, int tasks, double seedSeconds, List<Page> pages) {}

    static Result run(BenchDatabase database, int tasks, int samples) throws Exception {
        try (database;
                Tide tide = database.tide()
                        .config(TideConfig.defaults().withMaintenanceInterval(null))
                        .listIndexes(true)
                        .build()) {
            long started = System.nanoTime();
            Map<String, Long> ids = seed(tide, tasks);
            database.analyze();
            double seedSeconds = (System.nanoTime() - started) / 1e9;
            try (TideServer server = TideServer.builder(tide)
                    .port(0)
                    .routes(Dashboard.mount(DashboardSettings.DEFAULTS))
                    .build()
                    .start()) {
                Browser browser = new Browser("http://127.0.0.1:" + server.port());
                browser.signIn();
                List<Page> pages = new ArrayList<>();
                for (Map.Entry<String, String> page : pages(ids).entrySet()) {
                    pages.add(browser.measure(page.getKey(), page.getValue(), samples));
                }
                return new Result(database.kind().label(), tasks, seedSeconds, pages);
            }
        }
    }

    static void print(Result r, PrintStream out) {
        out.printf(
                "%nDashboard pages on %s, %,d tasks (seeded in %.0f s), over loopback HTTP as a signed-in"
                        + " administrator (target: p95 < 200 ms)%n",
                r.store(), r.tasks(), r.seedSeconds());
        for (Page page : r.pages()) {
            out.printf(
                    "  %-28s p50 %7.1f ms  p95 %7.1f ms  %s%n",
                    page.name(),
                    page.latencies().p50Millis(),
                    page.latencies().p95Millis(),
                    page.latencies().p95Millis() < 200 ? "" : "OVER");
        }
    }

    /** The pages measured, by name: every page of the dashboard, the task list under each filter it offers. */
    static Map<String, String> pages(Map<String, Long> ids) {
        Map<String, String> pages = new LinkedHashMap<>();
        pages.put("overview", "/ui");
        pages.put("tasks", "/ui/tasks");
        pages.put("tasks by queue", "/ui/tasks?queue=q3");
        pages.put("tasks by queue and state", "/ui/tasks?queue=q3&state=ready");
        pages.put("tasks by state (leased)", "/ui/tasks?state=leased");
        pages.put("tasks by type", "/ui/tasks?type=t7");
        pages.put("tasks by owner", "/ui/tasks?owner=u42");
        pages.put("tasks by job", "/ui/tasks?job=" + ids.get("job"));
        pages.put("tasks failed", "/ui/tasks?outcome=failed");
        pages.put("tasks with errors", "/ui/tasks?errors=true");
        pages.put("tasks oldest first", "/ui/tasks?sort=created&order=asc");
        pages.put("task", "/ui/tasks/" + ids.get("task"));
        pages.put("jobs", "/ui/jobs");
        pages.put("job", "/ui/jobs/" + ids.get("job"));
        pages.put("queue", "/ui/queues/q3");
        pages.put("workers", "/ui/workers");
        pages.put("statistics", "/ui/statistics?days=7");
        pages.put("events", "/ui/events");
        pages.put("parking", "/ui/parking");
        return pages;
    }

    /** The data set; answers a task id and a job id to open. */
    private static Map<String, Long> seed(Tide tide, int tasks) {
        for (int q = 0; q < QUEUES; q++) {
            tide.queues().define(QueueDefinition.named("q" + q));
        }
        tide.accounts().addAccount(new NewAccount("bench", Set.of(Role.ADMIN), PASSWORD, null, null));
        long job = 0;
        int jobTasks = tasks / 10;
        List<NewTask> batch = new ArrayList<>(1000);
        for (int i = 0; i < jobTasks; i += JOB_SIZE) {
            for (int k = i; k < i + JOB_SIZE; k++) {
                batch.add(task(k));
            }
            job = tide.createJob(NewJob.builder("import")
                            .title("import " + i / JOB_SIZE)
                            .owner("u" + (i / JOB_SIZE) % OWNERS)
                            .tasks(batch)
                            .build())
                    .job()
                    .id();
            batch.clear();
        }
        for (int i = jobTasks; i < tasks; i++) {
            batch.add(task(i));
            if (batch.size() == 1000) {
                tide.enqueueAll(batch);
                batch.clear();
            }
        }
        if (!batch.isEmpty()) {
            tide.enqueueAll(batch);
        }
        int run = Math.min(20_000, tasks / 10);
        for (int done = 0; done < run; ) {
            List<Ack> acks = new ArrayList<>();
            for (LeasedTask leased : tide.claim(ClaimRequest.of("q" + (done / 1000) % QUEUES, "runner", 1000))) {
                acks.add(
                        done++ % 4 == 0
                                ? Ack.builder(leased.lease())
                                        .message("smtp timeout after 30 s (" + done + ")")
                                        .fail()
                                : Ack.succeed(leased.lease()));
            }
            if (acks.isEmpty()) {
                break;
            }
            tide.ackAll(acks);
        }
        for (int w = 0; w < 10; w++) {
            tide.claim(ClaimRequest.of("q" + w, "worker-" + w, 100));
        }
        tide.park(TaskSelection.owner("u7"));
        long task = tide.tasks(dev.tide.api.TaskQuery.all().withLimit(1))
                .items()
                .get(0)
                .id();
        return Map.of("job", job, "task", task);
    }

    private static NewTask task(int i) {
        return NewTask.builder("t" + i % TYPES)
                .queue("q" + i % QUEUES)
                .owner("u" + i % OWNERS)
                .maxAttempts(1)
                .payloadJson("{\"customer\":{\"id\":" + i + "},\"note\":\"enrollment " + i + "\"}")
                .build();
    }

    /** A signed-in browser's requests: the session cookie, no redirect followed. */
    private static final class Browser {
        private final HttpClient client = HttpClient.newBuilder()
                .followRedirects(HttpClient.Redirect.NEVER)
                .build();
        private final String root;
        private String cookie;

        Browser(String root) {
            this.root = root;
        }

        void signIn() throws IOException, InterruptedException {
            HttpResponse<String> answer = client.send(
                    HttpRequest.newBuilder(URI.create(root + "/ui/sign-in"))
                            .header("Content-Type", "application/x-www-form-urlencoded")
                            .POST(HttpRequest.BodyPublishers.ofString(
                                    "user=bench&password=" + URLEncoder.encode(PASSWORD, StandardCharsets.UTF_8)))
                            .build(),
                    HttpResponse.BodyHandlers.ofString());
            cookie = answer.headers()
                    .firstValue("Set-Cookie")
                    .orElseThrow(() -> new IllegalStateException("the bench's sign-in failed: " + answer.statusCode()))
                    .split(";", 2)[0];
        }

        Page measure(String name, String path, int samples) throws IOException, InterruptedException {
            for (int i = 0; i < 3; i++) {
                fetch(path);
            }
            long[] nanos = new long[samples];
            for (int i = 0; i < samples; i++) {
                long start = System.nanoTime();
                fetch(path);
                nanos[i] = System.nanoTime() - start;
            }
            return new Page(name, path, Latencies.ofNanos(nanos));
        }

        private void fetch(String path) throws IOException, InterruptedException {
            HttpResponse<byte[]> answer = client.send(
                    HttpRequest.newBuilder(URI.create(root + path))
                            .header("Cookie", cookie)
                            .GET()
                            .build(),
                    HttpResponse.BodyHandlers.ofByteArray());
            if (answer.statusCode() != 200) {
                throw new IllegalStateException(path + " answered " + answer.statusCode());
            }
        }
    }
}
