package dev.tide.core.contract;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tide.api.Ack;
import dev.tide.api.Actor;
import dev.tide.api.ClaimRequest;
import dev.tide.api.EventQuery;
import dev.tide.api.InvalidRequestException;
import dev.tide.api.JobCreated;
import dev.tide.api.JobInfo;
import dev.tide.api.JobQuery;
import dev.tide.api.JobState;
import dev.tide.api.LeasedTask;
import dev.tide.api.NewJob;
import dev.tide.api.NewTask;
import dev.tide.api.NotFoundException;
import dev.tide.api.Page;
import dev.tide.api.TaskQueue;
import dev.tide.api.TideEvent;
import dev.tide.api.json.Json;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/**
 * The reads behind the dashboard's events, task and jobs pages, embedded and over HTTP alike: the event log by task,
 * job and actor; a task's dependents; the jobs list with its filters and cursor pages; and bad input refused naming
 * the field, with nothing written.
 */
public abstract class DashboardReadsContract extends ManualQueueContract {

    @Test
    @SuppressWarnings("try") // the Actor.Scope names who acts inside it; never read
    void eventsAreFilteredByTaskJobAndActorNewestFirst() {
        JobCreated made = job("batch", null);
        long first = made.taskIds().get(0);
        long other = job("other", null).job().id();
        try (Actor.Scope as = Actor.enter("ops:ada")) {
            queue.cancel(first, "not needed");
            queue.cancelJob(other, "wrong batch");
            queue.queues().suspend("mail");
        }
        try (Actor.Scope as = Actor.enter("ops:bob")) {
            queue.retry(first);
        }
        long job = made.job().id();

        List<TideEvent> ofTask = events(EventQuery.recent().withTaskId(first));
        assertThat(ofTask)
                .extracting(TideEvent::kind)
                .containsExactly(TideEvent.TASK_RETRIED, TideEvent.TASK_CANCELLED);
        assertThat(events(EventQuery.recent().withJobId(job)))
                .extracting(TideEvent::kind)
                .containsExactly(TideEvent.TASK_RETRIED, TideEvent.TASK_CANCELLED);
        assertThat(events(EventQuery.recent().withJobId(other)))
                .extracting(TideEvent::kind)
                .contains(TideEvent.JOB_CANCELLED)
                .doesNotContain(TideEvent.TASK_RETRIED);

        String ada = actorOf(ofTask.get(1));
        String bob = actorOf(ofTask.get(0));
        assertThat(ada).contains("ops:ada");
        assertThat(events(EventQuery.recent().withActor(ada)))
                .extracting(TideEvent::kind)
                .containsExactly(TideEvent.SUSPENDED, TideEvent.JOB_CANCELLED, TideEvent.TASK_CANCELLED);
        assertThat(events(EventQuery.recent().withActor(bob)))
                .extracting(TideEvent::kind)
                .containsExactly(TideEvent.TASK_RETRIED);
        assertThat(events(EventQuery.recent().withActor(ada).withTaskId(first)))
                .extracting(TideEvent::kind)
                .containsExactly(TideEvent.TASK_CANCELLED);
        assertThat(events(EventQuery.recent().withActor(ada).withKind(TideEvent.SUSPENDED)))
                .singleElement()
                .satisfies(e -> assertThat(e.queue()).isEqualTo("mail"));
        assertThat(events(EventQuery.recent().withKind(TideEvent.TASK_CANCELLED).withJobId(other)))
                .isEmpty();
        assertThat(events(EventQuery.recent().withActor("nobody"))).isEmpty();
    }

    @Test
    void eventsOfATaskArePagedBackByEventId() {
        long task = queue.enqueue(NewTask.builder("t").build()).id();
        for (int i = 0; i < 3; i++) {
            queue.cancel(task, "round " + i);
            queue.retry(task);
        }
        queue.enqueue(NewTask.builder("t").build());
        List<TideEvent> all = events(EventQuery.recent().withTaskId(task));
        assertThat(all).hasSize(6).extracting(TideEvent::id).isSortedAccordingTo((a, b) -> Long.compare(b, a));

        List<TideEvent> paged = new ArrayList<>();
        EventQuery page = EventQuery.recent().withTaskId(task).withLimit(4);
        for (List<TideEvent> got = events(page); !got.isEmpty(); got = events(page)) {
            paged.addAll(got);
            page = page.withBefore(got.get(got.size() - 1).id());
        }
        assertThat(paged).isEqualTo(all);
    }

    /** The job's alerts are its events: deadline notices, its end, the acts on it and on its tasks. */
    @Test
    void aJobsAlertsAreItsEventsByJobId() {
        long job = job("report", T0.plus(Duration.ofHours(1))).job().id();
        job("quiet", T0.plus(Duration.ofHours(1)));
        clock.advance(Duration.ofHours(2));
        fixture.engine().passes().runDeadlineMonitor();
        fixture.engine().passes().runDeadlineMonitor();
        queue.cancelJob(job, "too late");

        assertThat(events(EventQuery.recent().withJobId(job)))
                .extracting(TideEvent::kind)
                .contains(TideEvent.DEADLINE_VIOLATION, TideEvent.JOB_CANCELLED, TideEvent.JOB_FINISHED);
        assertThat(events(EventQuery.recent().withJobId(job).withKind(TideEvent.DEADLINE_VIOLATION)))
                .isNotEmpty()
                .allSatisfy(e -> assertThat(e.jobId()).isEqualTo(job));
    }

    @Test
    void badEventFiltersAreRefusedNamingTheField() {
        assertRefused(() -> EventQuery.recent().withTaskId(0L), "taskId");
        assertRefused(() -> EventQuery.recent().withJobId(-3L), "jobId");
        assertRefused(() -> EventQuery.recent().withActor(" "), "actor");
        assertRefused(() -> EventQuery.recent().withActor("a".repeat(Actor.MAX_LENGTH + 1)), "actor");
        assertRefused(() -> EventQuery.recent().withLimit(EventQuery.MAX_LIMIT + 1), "limit");
    }

    @Test
    void dependentsAreTheTasksThatWaitedOnATaskAscending() {
        long a = queue.enqueue(NewTask.builder("a").build()).id();
        long b = queue.enqueue(NewTask.builder("b").dependsOn(a).build()).id();
        long c = queue.enqueue(NewTask.builder("c").dependsOn(a).build()).id();
        long d = queue.enqueue(NewTask.builder("d").dependsOn(b).dependsOn(a).build())
                .id();

        assertThat(queue.dependents(a)).containsExactly(b, c, d);
        assertThat(queue.dependents(b)).containsExactly(d);
        assertThat(queue.dependents(d)).isEmpty();
        assertThat(queue.task(d).dependsOn()).containsExactly(b, a);

        LeasedTask claimed = queue.claim(ClaimRequest.of("default", "w", 1)).getFirst();
        assertThat(claimed.id()).isEqualTo(a);
        queue.ack(Ack.succeed(claimed.lease()));
        assertThat(queue.dependents(a)).as("still listed once released").containsExactly(b, c, d);

        assertThatThrownBy(() -> queue.dependents(a + 1_000_000)).isInstanceOf(NotFoundException.class);
    }

    @Test
    void dependentsAreBoundedToTheFirstThousand() {
        long a = queue.enqueue(NewTask.builder("a").build()).id();
        List<Long> waiting = new ArrayList<>();
        for (int batch = 0; batch < 3; batch++) {
            waiting.addAll(queue
                    .enqueueAll(IntStream.range(0, 350)
                            .mapToObj(i -> NewTask.builder("b").dependsOn(a).build())
                            .toList())
                    .stream()
                    .map(r -> r.id())
                    .toList());
        }
        assertThat(queue.dependents(a)).hasSize(TaskQueue.MAX_DEPENDENTS).isEqualTo(waiting.subList(0, 1000));
    }

    @Test
    void jobsAreListedNewestFirstByStateTypeAndOwner() {
        long j1 = job("a", "ann", null);
        long j2 = job("b", "bob", null);
        long j3 = job("a", "bob", T0.plus(Duration.ofMinutes(1)));
        long j4 = job("a", "ann", T0.plus(Duration.ofHours(1)));
        queue.cancelJob(j2, "done with it");

        assertThat(ids(JobQuery.all())).containsExactly(j4, j3, j2, j1);
        assertThat(queue.jobs(null).items()).extracting(JobInfo::id).containsExactly(j4, j3, j2, j1);
        assertThat(ids(JobQuery.all().withState(JobState.OPEN))).containsExactly(j4, j3, j1);
        assertThat(ids(JobQuery.all().withState(JobState.FINISHED))).containsExactly(j2);
        assertThat(ids(JobQuery.all().withType("a"))).containsExactly(j4, j3, j1);
        assertThat(ids(JobQuery.all().withOwner("bob"))).containsExactly(j3, j2);
        assertThat(ids(JobQuery.all().withType("a").withOwner("ann").withState(JobState.OPEN)))
                .containsExactly(j4, j1);
        assertThat(ids(JobQuery.all().withDeadlinePassed(true))).isEmpty();
        clock.advance(Duration.ofMinutes(10));
        assertThat(ids(JobQuery.all().withDeadlinePassed(true))).containsExactly(j3);
        assertThat(ids(JobQuery.all().withDeadlinePassed(true).withOwner("ann")))
                .isEmpty();
        assertThat(ids(JobQuery.all().withType("none"))).isEmpty();
    }

    @Test
    void jobPagesFollowTheirCursorToTheEnd() {
        List<Long> made = new ArrayList<>();
        for (int i = 0; i < 7; i++) {
            made.add(job(i % 2 == 0 ? "even" : "odd", "ann", null));
        }
        List<Long> seen = new ArrayList<>();
        JobQuery query = JobQuery.all().withType("even").withLimit(2);
        Page<JobInfo> page = queue.jobs(query);
        seen.addAll(page.items().stream().map(JobInfo::id).toList());
        while (page.nextCursor() != null) {
            String cursor = page.nextCursor();
            page = queue.jobs(query.withCursor(cursor));
            seen.addAll(page.items().stream().map(JobInfo::id).toList());
        }
        assertThat(seen).containsExactly(made.get(6), made.get(4), made.get(2), made.get(0));

        String first = queue.jobs(query).nextCursor();
        assertRefused(() -> queue.jobs(query.withType("odd").withCursor(first)), "cursor");
        assertRefused(() -> queue.jobs(query.withOwner("bob").withCursor(first)), "cursor");
        assertRefused(() -> queue.jobs(query.withCursor("12:nonsense")), "cursor");
    }

    @Test
    void badJobQueriesAreRefusedNamingTheField() {
        assertRefused(() -> JobQuery.all().withLimit(JobQuery.MAX_LIMIT + 1), "limit");
        assertRefused(() -> JobQuery.all().withLimit(-1), "limit");
        assertRefused(() -> JobQuery.all().withState(JobState.FINISHED).withDeadlinePassed(true), "deadlinePassed");
        assertThat(queue.jobs(JobQuery.all()).items()).as("nothing written").isEmpty();
    }

    private JobCreated job(String type, java.time.Instant deadline) {
        NewJob.Builder job = NewJob.builder(type)
                .task(NewTask.builder("t").build())
                .task(NewTask.builder("t").build());
        if (deadline != null) {
            job.deadline(deadline);
        }
        return queue.createJob(job.build());
    }

    private long job(String type, String owner, java.time.Instant deadline) {
        NewJob.Builder job = NewJob.builder(type)
                .owner(owner)
                .task(NewTask.builder("t").owner(owner).build());
        if (deadline != null) {
            job.deadline(deadline);
        }
        return queue.createJob(job.build()).job().id();
    }

    private List<Long> ids(JobQuery query) {
        return queue.jobs(query).items().stream().map(JobInfo::id).toList();
    }

    private List<TideEvent> events(EventQuery query) {
        return queue.monitoring().events(query);
    }

    private static String actorOf(TideEvent event) {
        return Json.read(event.detail(), com.fasterxml.jackson.databind.JsonNode.class)
                .get("actor")
                .asText();
    }

    private static void assertRefused(Runnable call, String field) {
        assertThatThrownBy(call::run)
                .isInstanceOfSatisfying(
                        InvalidRequestException.class,
                        e -> assertThat(e.field()).isEqualTo(field));
    }
}
