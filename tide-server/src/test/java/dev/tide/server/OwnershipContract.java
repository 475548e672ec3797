package dev.tide.server;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tide.api.Coalescing;
import dev.tide.api.JobInfo;
import dev.tide.api.NewJob;
import dev.tide.api.NewTask;
import dev.tide.api.TaskInfo;
import dev.tide.api.TaskQuery;
import dev.tide.api.TaskType;
import dev.tide.api.auth.Role;
import dev.tide.core.Tide;
import dev.tide.core.TideConfig;
import dev.tide.core.contract.FixtureFactory;
import dev.tide.core.contract.QueueFixture;
import dev.tide.core.testing.TestUsers;
import dev.tide.core.time.ManualClock;
import java.time.Instant;
import java.util.List;
import java.util.function.LongFunction;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Every task and job id a submitter names in a request body or query passes the ownership check: another user's id
 * answers word for word as a missing one (the id aside), and the other user's tasks and job stay as they were. Run over
 * loopback HTTP on each store.
 */
abstract class OwnershipContract {
    private static final long MISSING = 999_999;

    private QueueFixture fixture;
    private TideServer server;
    private Tide engine;
    private RawHttp admin;
    private RawHttp alice;
    private long bobsTask;
    private long bobsJob;
    private long alicesTask;
    private long alicesJob;

    protected abstract FixtureFactory factory();

    @BeforeEach
    void open() {
        fixture = factory()
                .open(
                        new ManualClock(Instant.parse("2030-01-07T09:00:00Z")),
                        TideConfig.defaults().withMaintenanceInterval(null));
        engine = fixture.engine();
        server = TideServer.builder(engine).port(0).build().start();
        admin = new RawHttp(server.uri(), TestUsers.adminToken(engine.accounts()));
        alice = admin.as(TestUsers.token(engine.accounts(), "alice", Role.SUBMITTER));
        bobsTask = engine.enqueue(NewTask.builder("email").owner("bob").build()).id();
        bobsJob = engine.createJob(NewJob.builder("mailing")
                        .owner("bob")
                        .tasks(List.of(NewTask.of("email", null)))
                        .build())
                .job()
                .id();
        alicesTask =
                engine.enqueue(NewTask.builder("email").owner("alice").build()).id();
        alicesJob = engine.createJob(NewJob.builder("mailing").owner("alice").build())
                .job()
                .id();
    }

    @AfterEach
    void close() {
        alice.close();
        admin.close();
        server.stop();
        fixture.close();
    }

    /** One request naming a task or job id at one place, and the field the answer names. */
    private record Probe(String what, String field, boolean task, LongFunction<RawHttp.Answer> send) {}

    private List<Probe> probes(RawHttp as) {
        return List.of(
                new Probe(
                        "enqueue jobId",
                        "jobId",
                        false,
                        id -> as.post("v1/tasks", "{\"type\":\"email\",\"jobId\":" + id + "}")),
                new Probe(
                        "batch jobId",
                        "tasks[1].jobId",
                        false,
                        id -> as.post(
                                "v1/tasks/batch",
                                "{\"tasks\":[{\"type\":\"email\"},{\"type\":\"email\",\"jobId\":" + id + "}]}")),
                new Probe(
                        "enqueue-and-claim jobId",
                        "task.jobId",
                        false,
                        id -> as.post(
                                "v1/tasks/enqueue-and-claim",
                                "{\"task\":{\"type\":\"email\",\"jobId\":" + id + "},\"worker\":\"w\"}")),
                new Probe(
                        "enqueue dependsOn",
                        "dependsOn",
                        true,
                        id -> as.post("v1/tasks", "{\"type\":\"email\",\"dependsOn\":[\"" + id + "\"]}")),
                new Probe(
                        "batch dependsOn beside a ref",
                        "tasks[1].dependsOn",
                        true,
                        id -> as.post(
                                "v1/tasks/batch",
                                "{\"tasks\":[{\"type\":\"email\",\"ref\":\"a\"},"
                                        + "{\"type\":\"email\",\"dependsOn\":[\"a\",\"" + id + "\"]}]}")),
                new Probe(
                        "new job's task dependsOn",
                        "tasks[0].dependsOn",
                        true,
                        id -> as.post(
                                "v1/jobs",
                                "{\"type\":\"mailing\",\"tasks\":[{\"type\":\"email\",\"dependsOn\":[\"" + id
                                        + "\"]}]}")),
                new Probe(
                        "dependsOn in other digits",
                        "dependsOn",
                        true,
                        id -> as.post("v1/tasks", "{\"type\":\"email\",\"dependsOn\":[\"" + arabicIndic(id) + "\"]}")),
                new Probe("list by job", "job", false, id -> as.get("v1/tasks?job=" + id)));
    }

    /** The id in Arabic-Indic digits, which Java reads as a number as well as ASCII ones. */
    private static String arabicIndic(long id) {
        StringBuilder digits = new StringBuilder();
        for (char c : String.valueOf(id).toCharArray()) {
            digits.append((char) (c - '0' + 0x0660));
        }
        return digits.toString();
    }

    @Test
    void anotherUsersIdAnswersAsAMissingOneAndChangesNothing() {
        List<TaskInfo> tasksBefore = everyTask();
        JobInfo jobBefore = engine.job(bobsJob);

        for (Probe probe : probes(alice)) {
            long theirs = probe.task() ? bobsTask : bobsJob;
            RawHttp.Answer foreign = probe.send().apply(theirs);
            RawHttp.Answer missing = probe.send().apply(MISSING);

            String words = probe.field() + ": no such " + (probe.task() ? "task" : "job") + ": ";
            assertThat(missing.status()).as(probe.what() + ": " + missing).isEqualTo(400);
            assertThat(missing.json().path("message").asText()).as(probe.what()).isEqualTo(words + MISSING);
            assertThat(missing.json().path("field").asText()).as(probe.what()).isEqualTo(probe.field());
            assertThat(foreign.status()).as(probe.what() + ": " + foreign).isEqualTo(missing.status());
            assertThat(foreign.text())
                    .as(probe.what() + ": word for word, the id aside")
                    .isEqualTo(missing.text().replace(String.valueOf(MISSING), String.valueOf(theirs)));
        }
        assertThat(everyTask()).as("bob's tasks, and nobody else's added").isEqualTo(tasksBefore);
        assertThat(engine.job(bobsJob)).isEqualTo(jobBefore);
    }

    @Test
    void aPathIdIsReadAsTheRouteReadsIt() {
        for (String path : List.of("v1/tasks/%2B" + bobsTask, "v1/jobs/%2B" + bobsJob)) {
            RawHttp.Answer answer = alice.get(path);
            assertThat(answer.status()).as(answer.toString()).isEqualTo(404);
        }
        assertThat(alice.get("v1/tasks/%2B" + alicesTask).status()).isEqualTo(200);
    }

    @Test
    void itsOwnIdsPass() {
        assertThat(alice.post("v1/tasks", "{\"type\":\"email\",\"jobId\":" + alicesJob + "}")
                        .status())
                .isEqualTo(201);
        assertThat(alice.post("v1/tasks", "{\"type\":\"email\",\"dependsOn\":[\"" + alicesTask + "\"]}")
                        .status())
                .isEqualTo(201);
        assertThat(alice.get("v1/tasks?job=" + alicesJob).json().path("items")).hasSize(1);
        assertThat(engine.job(alicesJob).total()).isEqualTo(1);
    }

    @Test
    void aMissingIdAnswersTheSameWordsToEveryCaller() {
        for (Probe probe : probes(admin)) {
            if (probe.what().equals("list by job")) {
                continue; // an administrator lists any job's tasks, none for a job that is not there
            }
            RawHttp.Answer missing = probe.send().apply(MISSING);
            String kind = probe.task() ? "task" : "job";
            assertThat(missing.status()).as(probe.what() + ": " + missing).isEqualTo(400);
            assertThat(missing.json().path("message").asText())
                    .as(probe.what())
                    .endsWith(": no such " + kind + ": " + MISSING);
        }
    }

    @Test
    void anotherUsersCursorAnswersAsAMalformedOne() {
        engine.enqueue(NewTask.builder("email").owner("bob").build());
        String bobsCursor;
        try (RawHttp bob = admin.as(TestUsers.token(engine.accounts(), "bob", Role.SUBMITTER))) {
            bobsCursor = bob.get("v1/tasks?limit=1").json().path("nextCursor").asText();
        }
        assertThat(bobsCursor).isNotEmpty();
        RawHttp.Answer foreign = alice.get("v1/tasks?limit=1&cursor=" + bobsCursor);
        RawHttp.Answer malformed = alice.get("v1/tasks?limit=1&cursor=nonsense");

        assertThat(foreign.status()).as(foreign.toString()).isEqualTo(400);
        assertThat(foreign.json().path("message").asText())
                .isEqualTo("cursor: is not a cursor of this listing: pass the nextCursor of the previous page, same "
                        + "filters");
        assertThat(foreign.text()).isEqualTo(malformed.text());
    }

    /**
     * Idempotency and coalescing keys are scoped to their owner: another user's key changes nothing of what a
     * submitter gets, which is why {@code key} places need no ownership check (x-tide-id: key).
     */
    @Test
    void anotherUsersKeysAnswerAsUnusedOnes() {
        engine.defineTaskType(TaskType.named("digest").withCoalescing(Coalescing.IGNORE));
        long bobs = engine.enqueue(NewTask.builder("digest")
                        .owner("bob")
                        .idempotencyKey("k1")
                        .coalescingKey("c1")
                        .build())
                .id();
        TaskInfo before = engine.task(bobs);

        for (String keys : List.of("\"idempotencyKey\":\"k1\"", "\"coalescingKey\":\"c1\"")) {
            RawHttp.Answer theirs = alice.post("v1/tasks", "{\"type\":\"digest\"," + keys + "}");
            RawHttp.Answer unused = alice.post("v1/tasks", "{\"type\":\"digest\"," + keys.replace("1\"", "2\"") + "}");

            assertThat(theirs.status()).as(theirs.toString()).isEqualTo(201).isEqualTo(unused.status());
            assertThat(theirs.json().path("created").asBoolean()).isTrue();
            assertThat(theirs.json().path("task").path("id").asLong()).isNotEqualTo(bobs);
            assertThat(theirs.json().path("task").path("owner").asText()).isEqualTo("alice");
        }
        assertThat(engine.task(bobs)).isEqualTo(before);
    }

    private List<TaskInfo> everyTask() {
        return engine.tasks(TaskQuery.all().withLimit(TaskQuery.MAX_LIMIT)).items();
    }
}
