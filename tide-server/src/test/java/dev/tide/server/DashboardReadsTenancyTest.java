package dev.tide.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tide.api.EventQuery;
import dev.tide.api.InvalidRequestException;
import dev.tide.api.JobInfo;
import dev.tide.api.JobQuery;
import dev.tide.api.NewJob;
import dev.tide.api.NewTask;
import dev.tide.api.NotFoundException;
import dev.tide.api.Page;
import dev.tide.api.auth.ForbiddenException;
import dev.tide.api.auth.Role;
import dev.tide.client.TideClient;
import dev.tide.core.testing.TestUsers;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The dashboard's reads over HTTP through {@link TideClient} for a submitter confined to its own: another user's task
 * answers as a missing one (404) and its dependents are not shown; the jobs list has its own jobs only; the event log
 * is an administrator's. Bad query parameters are 400s naming the parameter.
 */
class DashboardReadsTenancyTest extends HttpTestBase {

    @Test
    void aSubmitterSeesTheDependentsItOwnsOfItsOwnTasksOnly() {
        long alices =
                engine.enqueue(NewTask.builder("build").owner("alice").build()).id();
        long alicesNext = engine.enqueue(
                        NewTask.builder("test").owner("alice").dependsOn(alices).build())
                .id();
        long bobsNext = engine.enqueue(
                        NewTask.builder("test").owner("bob").dependsOn(alices).build())
                .id();
        long bobs =
                engine.enqueue(NewTask.builder("build").owner("bob").build()).id();

        assertThat(client.dependents(alices)).as("an administrator sees all").containsExactly(alicesNext, bobsNext);
        try (TideClient alice = as("alice");
                TideClient bob = as("bob")) {
            assertThat(alice.dependents(alices)).containsExactly(alicesNext);
            assertThat(bob.dependents(bobs)).isEmpty();
            assertThatThrownBy(() -> bob.dependents(alices))
                    .isInstanceOf(NotFoundException.class)
                    .hasMessageContaining("task " + alices);
            assertThatThrownBy(() -> alice.dependents(1_000_000)).isInstanceOf(NotFoundException.class);
        }
        try (RawHttp carol = raw.as(TestUsers.token(engine.accounts(), "carol", Role.SUBMITTER))) {
            assertThat(carol.get("v1/tasks/" + alices + "/dependents").status()).isEqualTo(404);
        }
    }

    @Test
    void aSubmitterListsItsOwnJobsOnly() {
        long alices = job("alice");
        long bobs = job("bob");
        long alicesLater = job("alice");

        assertThat(ids(client.jobs(JobQuery.all()))).containsExactly(alicesLater, bobs, alices);
        try (TideClient alice = as("alice");
                TideClient bob = as("bob")) {
            assertThat(ids(alice.jobs(JobQuery.all()))).containsExactly(alicesLater, alices);
            assertThat(ids(alice.jobs(JobQuery.all().withOwner("alice")))).containsExactly(alicesLater, alices);
            assertThat(ids(bob.jobs(JobQuery.all()))).containsExactly(bobs);
            assertThatThrownBy(() -> bob.jobs(JobQuery.all().withOwner("alice")))
                    .isInstanceOf(ForbiddenException.class);

            Page<JobInfo> first = alice.jobs(JobQuery.all().withLimit(1));
            assertThat(ids(first)).containsExactly(alicesLater);
            assertThat(ids(alice.jobs(JobQuery.all().withLimit(1).withCursor(first.nextCursor()))))
                    .containsExactly(alices);
            assertThatThrownBy(() -> bob.jobs(JobQuery.all().withLimit(1).withCursor(first.nextCursor())))
                    .as("a cursor binds its listing's owner")
                    .isInstanceOfSatisfying(
                            InvalidRequestException.class,
                            e -> assertThat(e.field()).isEqualTo("cursor"));

            assertThatThrownBy(
                            () -> alice.monitoring().events(EventQuery.recent().withTaskId(1L)))
                    .as("the event log is an administrator's")
                    .isInstanceOf(ForbiddenException.class);
        }
    }

    @Test
    void badQueryParametersAreRefusedNamingTheParameter() {
        assertBadParameter("v1/events?taskId=0", "taskId");
        assertBadParameter("v1/events?jobId=x", "jobId");
        assertBadParameter("v1/events?actor=" + "a".repeat(201), "actor");
        assertBadParameter("v1/jobs?state=closed", "state");
        assertBadParameter("v1/jobs?deadlinePassed=yes", "deadlinePassed");
        assertBadParameter("v1/jobs?deadlinePassed=true&state=finished", "deadlinePassed");
        assertBadParameter("v1/jobs?limit=1001", "limit");
        assertBadParameter("v1/jobs?cursor=1:abc", "cursor");
        assertBadParameter("v1/tasks/0/dependents", "id");
    }

    private void assertBadParameter(String path, String field) {
        RawHttp.Answer answer = raw.get(path);
        assertThat(answer.status()).as(path).isEqualTo(400);
        assertThat(answer.json().path("field").asText()).as(path).isEqualTo(field);
    }

    private TideClient as(String user) {
        return TideClient.builder(fixture.server().uri())
                .token(TestUsers.token(engine.accounts(), user, Role.SUBMITTER))
                .build();
    }

    private long job(String owner) {
        return engine.createJob(NewJob.builder("mailing")
                        .owner(owner)
                        .tasks(List.of(NewTask.builder("email").owner(owner).build()))
                        .build())
                .job()
                .id();
    }

    private static List<Long> ids(Page<JobInfo> page) {
        return page.items().stream().map(JobInfo::id).toList();
    }
}
