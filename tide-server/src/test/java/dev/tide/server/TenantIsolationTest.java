package dev.tide.server;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tide.api.JobInfo;
import dev.tide.api.NewJob;
import dev.tide.api.NewTask;
import dev.tide.api.TaskInfo;
import dev.tide.api.TaskQuery;
import dev.tide.api.auth.Role;
import dev.tide.core.testing.TestUsers;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Submitters are kept to their own tasks and jobs: user A's token on user B's ids answers 404, exactly as for an id
 * that does not exist, and changes nothing; A cannot enqueue, list or create jobs as B.
 */
class TenantIsolationTest extends HttpTestBase {
    private static final int ROUNDS = 300;

    @Test
    void anotherUsersIdsAnswer404AndChangeNothing() {
        List<Long> bobsTasks = new ArrayList<>();
        List<Long> bobsJobs = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            bobsTasks.add(engine.enqueue(NewTask.builder("email").owner("bob").build())
                    .id());
            bobsJobs.add(engine.createJob(NewJob.builder("mailing")
                            .owner("bob")
                            .tasks(List.of(NewTask.of("email", null)))
                            .build())
                    .job()
                    .id());
        }
        long alicesTask =
                engine.enqueue(NewTask.builder("email").owner("alice").build()).id();
        List<TaskInfo> tasksBefore = everyTask();
        List<JobInfo> jobsBefore = bobsJobs.stream().map(engine::job).toList();
        long missing = 1_000_000;
        Random random = new Random(42);

        try (RawHttp alice = raw.as(TestUsers.token(engine.accounts(), "alice", Role.SUBMITTER))) {
            for (int round = 0; round < ROUNDS; round++) {
                boolean task = random.nextBoolean();
                long bobs = task
                        ? bobsTasks.get(random.nextInt(bobsTasks.size()))
                        : bobsJobs.get(random.nextInt(bobsJobs.size()));
                int route = random.nextInt(task ? 3 : 3);
                RawHttp.Answer theirs = request(alice, task, route, bobs);
                RawHttp.Answer nobodys = request(alice, task, route, missing);

                assertRefused(theirs, 404, "not_found", null);
                assertThat(theirs.json().path("message").asText())
                        .as("indistinguishable from an id that does not exist")
                        .isEqualTo(nobodys.json()
                                .path("message")
                                .asText()
                                .replace(String.valueOf(missing), String.valueOf(bobs)));
            }
            assertThat(alice.get("v1/tasks/" + alicesTask).status()).isEqualTo(200);
        }
        assertThat(everyTask()).isEqualTo(tasksBefore);
        assertThat(bobsJobs.stream().map(engine::job).toList()).isEqualTo(jobsBefore);
    }

    @Test
    void aSubmitterEnqueuesListsAndCreatesJobsAsItselfOnly() {
        engine.enqueue(NewTask.builder("email").owner("bob").build());
        try (RawHttp alice = raw.as(TestUsers.token(engine.accounts(), "alice", Role.SUBMITTER))) {
            RawHttp.Answer mine = alice.post("v1/tasks", "{\"type\":\"email\"}");
            assertThat(mine.status()).isEqualTo(201);
            assertThat(mine.json().path("task").path("owner").asText())
                    .as("left out: the caller")
                    .isEqualTo("alice");

            assertRefused(alice.post("v1/tasks", "{\"type\":\"email\",\"owner\":\"bob\"}"), 403, "forbidden", null);
            assertRefused(
                    alice.post(
                            "v1/tasks/batch",
                            "{\"tasks\":[{\"type\":\"email\"},{\"type\":\"email\",\"owner\":\"bob\"}]}"),
                    403,
                    "forbidden",
                    null);
            assertRefused(
                    alice.post("v1/jobs", "{\"type\":\"mailing\",\"owner\":\"bob\",\"tasks\":[{\"type\":\"email\"}]}"),
                    403,
                    "forbidden",
                    null);
            assertRefused(
                    alice.post("v1/jobs", "{\"type\":\"mailing\",\"tasks\":[{\"type\":\"email\",\"owner\":\"bob\"}]}"),
                    403,
                    "forbidden",
                    null);
            assertRefused(alice.get("v1/tasks?owner=bob"), 403, "forbidden", null);

            var listed = alice.get("v1/tasks").json().path("items");
            assertThat(listed).hasSize(1);
            assertThat(listed.get(0).path("owner").asText()).isEqualTo("alice");

            assertThat(alice.get("v1/tasks/count").json().path("value").asLong())
                    .as("a submitter counts its own tasks only")
                    .isEqualTo(1);
            assertThat(alice.get("v1/tasks/count?type=email&state=ready")
                            .json()
                            .path("value")
                            .asLong())
                    .isEqualTo(1);
            assertRefused(alice.get("v1/tasks/count?owner=bob"), 403, "forbidden", null);
        }
        assertThat(everyTask()).extracting(TaskInfo::owner).containsExactlyInAnyOrder("bob", "alice");
        assertThat(engine.tasks(TaskQuery.all().withOwner("bob")).items()).hasSize(1);
    }

    /** One of the routes a submitter may call on an id: read, cancel, retry (tasks); read, cancel, info (jobs). */
    private static RawHttp.Answer request(RawHttp as, boolean task, int route, long id) {
        if (task) {
            return switch (route) {
                case 0 -> as.get("v1/tasks/" + id);
                case 1 -> as.post("v1/tasks/" + id + "/cancel", "{\"reason\":\"mine now\"}");
                default -> as.post("v1/tasks/" + id + "/retry", "{}");
            };
        }
        return switch (route) {
            case 0 -> as.get("v1/jobs/" + id);
            case 1 -> as.post("v1/jobs/" + id + "/cancel", "{}");
            default -> as.put("v1/jobs/" + id + "/info", "{\"hijacked\":true}");
        };
    }

    private List<TaskInfo> everyTask() {
        return engine.tasks(TaskQuery.all().withLimit(TaskQuery.MAX_LIMIT)).items();
    }
}
