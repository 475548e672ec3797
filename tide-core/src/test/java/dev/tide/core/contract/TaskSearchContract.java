package dev.tide.core.contract;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tide.api.Ack;
import dev.tide.api.ClaimRequest;
import dev.tide.api.InvalidRequestException;
import dev.tide.api.LeasedTask;
import dev.tide.api.NewTask;
import dev.tide.api.Outcome;
import dev.tide.api.Page;
import dev.tide.api.TaskCount;
import dev.tide.api.TaskInfo;
import dev.tide.api.TaskQuery;
import dev.tide.api.TaskQueue;
import dev.tide.api.TaskSelection;
import dev.tide.api.TaskState;
import dev.tide.core.TideConfig;
import dev.tide.core.time.ManualClock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The task list's filters of the dashboard's Tasks page (time windows, error text, payload content), their paging by
 * cursor, their counts and their refusals, on every store and over HTTP.
 */
public abstract class TaskSearchContract {
    protected static final Instant T0 = Instant.parse("2026-01-05T09:00:00Z");

    protected ManualClock clock;
    protected QueueFixture fixture;
    protected TaskQueue queue;

    protected abstract FixtureFactory factory();

    @BeforeEach
    void openQueue() {
        clock = new ManualClock(T0);
        fixture = factory().open(clock, TideConfig.defaults().withMaintenanceInterval(null));
        queue = fixture.queue();
    }

    @AfterEach
    void closeQueue() {
        if (fixture != null) {
            fixture.close();
        }
    }

    private LeasedTask claimOne(String worker) {
        List<LeasedTask> got = queue.claim(ClaimRequest.of("default", worker, 1));
        assertThat(got).as("a claimable task").hasSize(1);
        return got.get(0);
    }

    private long enqueue(NewTask.Builder task) {
        return queue.enqueue(task.build()).id();
    }

    private List<Long> ids(TaskQuery query) {
        return queue.tasks(query).items().stream().map(TaskInfo::id).toList();
    }

    /** Every page's ids, following the cursors. */
    private List<Long> allIds(TaskQuery query) {
        List<Long> out = new ArrayList<>();
        Page<TaskInfo> page = queue.tasks(query);
        while (true) {
            page.items().forEach(t -> out.add(t.id()));
            if (page.nextCursor() == null) {
                return out;
            }
            page = queue.tasks(query.withCursor(page.nextCursor()));
        }
    }

    private void failWith(String message) {
        LeasedTask t = claimOne("w");
        queue.ack(t.ack().message(message).fail());
    }

    private void retryWith(String message) {
        LeasedTask t = claimOne("w");
        queue.ack(t.ack().message(message).retry());
    }

    private static InvalidRequestException refused(Runnable query) {
        try {
            query.run();
        } catch (InvalidRequestException e) {
            return e;
        }
        throw new AssertionError("accepted");
    }

    @Test
    void theReceivedWindowTakesTasksEnqueuedFromItsStartUntilBeforeItsEnd() {
        long a = enqueue(NewTask.builder("t"));
        clock.advance(Duration.ofHours(1));
        long b = enqueue(NewTask.builder("t"));
        clock.advance(Duration.ofHours(1));
        long c = enqueue(NewTask.builder("t").queue("other"));

        assertThat(ids(TaskQuery.all().receivedBetween(T0.plus(Duration.ofHours(1)), T0.plus(Duration.ofHours(2)))))
                .containsExactly(b);
        assertThat(ids(TaskQuery.all().receivedBetween(null, T0.plusSeconds(1))))
                .containsExactly(a);
        assertThat(ids(TaskQuery.all().receivedBetween(T0.plusSeconds(1), null)))
                .containsExactly(b, c);
        assertThat(ids(TaskQuery.all().withQueue("default").receivedBetween(T0, null)))
                .containsExactly(a, b);
        assertThat(ids(TaskQuery.all()
                        .withState(TaskState.READY)
                        .receivedBetween(T0.plusSeconds(1), null)
                        .sortedBy(TaskQuery.Sort.CREATED, true)))
                .containsExactly(c, b);
        assertThat(queue.countTasks(TaskQuery.all().receivedBetween(T0.plusSeconds(1), null)))
                .isEqualTo(new TaskCount(2, false));
    }

    @Test
    void theRunAtWindowTakesTasksByTheirRunTime() {
        long now = enqueue(NewTask.builder("t"));
        long soon = enqueue(NewTask.builder("t").delay(Duration.ofMinutes(10)));
        long later = enqueue(NewTask.builder("t").delay(Duration.ofMinutes(30)));

        assertThat(ids(TaskQuery.all().runAtBetween(T0.plus(Duration.ofMinutes(5)), null)))
                .containsExactly(soon, later);
        assertThat(ids(TaskQuery.all().runAtBetween(null, T0.plus(Duration.ofMinutes(30)))))
                .containsExactly(now, soon);
        assertThat(ids(TaskQuery.all()
                        .withState(TaskState.SCHEDULED)
                        .runAtBetween(T0, T0.plus(Duration.ofMinutes(20)))))
                .containsExactly(soon);
    }

    @Test
    void theFinishedWindowTakesOnlyTasksFinishedInIt() {
        long first = enqueue(NewTask.builder("t"));
        long second = enqueue(NewTask.builder("t"));
        enqueue(NewTask.builder("t"));
        clock.advance(Duration.ofMinutes(1));
        queue.ack(claimOne("w").ack().succeed());
        clock.advance(Duration.ofMinutes(10));
        queue.ack(claimOne("w").ack().succeed());

        assertThat(ids(TaskQuery.all().finishedBetween(T0, T0.plus(Duration.ofMinutes(5)))))
                .containsExactly(first);
        assertThat(ids(TaskQuery.all().finishedBetween(T0, null))).containsExactly(first, second);
        assertThat(ids(TaskQuery.all()
                        .withQueue("default")
                        .withOutcome(Outcome.SUCCEEDED)
                        .finishedBetween(T0.plus(Duration.ofMinutes(5)), null)))
                .containsExactly(second);
        assertThat(queue.countTasks(TaskQuery.all().finishedBetween(T0, null))).isEqualTo(new TaskCount(2, false));
    }

    @Test
    void errorTextMatchesAPartOfTheLastMessageInAnyCaseAndTakesWildcardsLiterally() {
        long smtp = enqueue(NewTask.builder("t"));
        long student = enqueue(NewTask.builder("t"));
        long percent = enqueue(NewTask.builder("t"));
        enqueue(NewTask.builder("t"));
        failWith("SMTP Timeout on host mail-1");
        retryWith("no such student");
        failWith("done 100% of it_all");

        assertThat(ids(TaskQuery.all().withErrorText("smtp timeout"))).containsExactly(smtp);
        assertThat(ids(TaskQuery.all().withErrorText("STUDENT"))).containsExactly(student);
        assertThat(ids(TaskQuery.all().withErrorText("0% of it_"))).containsExactly(percent);
        assertThat(ids(TaskQuery.all().withErrorText("%"))).containsExactly(percent);
        assertThat(ids(TaskQuery.all().withErrorText("_"))).containsExactly(percent);
        assertThat(ids(TaskQuery.all().withErrorText("o").withState(TaskState.FINISHED)))
                .containsExactly(smtp, percent);
        assertThat(ids(TaskQuery.all()
                        .withErrorText("student")
                        .withQueue("default")
                        .withOutcome(Outcome.FAILED)))
                .isEmpty();
        assertThat(queue.countTasks(TaskQuery.all().withErrorText("o"))).isEqualTo(new TaskCount(3, false));
    }

    /**
     * Errors only: the tasks that failed for good (with a message or without) and the failing ones, whose last attempt
     * failed and that wait for another (ready, backing off, running again, parked, or retried by hand); never those
     * that succeeded (after a failed attempt, or with a note), were cancelled with a reason, or never failed. Alone and
     * with other filters, counted, and paged by cursor in either order.
     */
    @Test
    void errorsOnlyTakesTheFailedAndTheFailingInEveryState() {
        long failed = inQueue("failed");
        settle("failed", a -> a.message("smtp timeout").fail());
        long failedSilently = inQueue("silent");
        settle("silent", Ack.Builder::fail);
        long readyAgain = inQueue("ready");
        settle("ready", a -> a.message("flaky").retry(Duration.ZERO));
        long backingOff = inQueue("backoff");
        settle("backoff", a -> a.message("flaky").retry(Duration.ofHours(1)));
        long runningAgain = inQueue("running");
        settle("running", a -> a.message("flaky").retry(Duration.ZERO));
        claimFrom("running");
        long parked = inQueue("parked");
        settle("parked", a -> a.message("flaky").retry(Duration.ZERO));
        assertThat(queue.park(TaskSelection.ids(List.of(parked)))).isEqualTo(1);
        long retriedByHand = inQueue("by-hand");
        settle("by-hand", a -> a.message("bad address").fail());
        queue.retry(retriedByHand);
        // not errors
        inQueue("recovered");
        settle("recovered", a -> a.message("flaky").retry(Duration.ZERO));
        settle("recovered", Ack.Builder::succeed);
        inQueue("noted");
        settle("noted", a -> a.message("3 mails sent").succeed());
        long cancelled = inQueue("cancelled");
        settle("cancelled", a -> a.message("flaky").retry(Duration.ZERO));
        queue.cancel(cancelled, "not needed any more");
        inQueue("waiting");
        inQueue("leased");
        claimFrom("leased");

        TaskQuery errors = TaskQuery.all().withErrorsOnly(true);
        List<Long> expected =
                List.of(failed, failedSilently, readyAgain, backingOff, runningAgain, parked, retriedByHand);
        assertThat(ids(errors)).isEqualTo(expected);
        assertThat(queue.countTasks(errors)).isEqualTo(new TaskCount(7, false));
        assertThat(allIds(errors.withLimit(2))).isEqualTo(expected);
        assertThat(allIds(errors.withLimit(3).sortedBy(TaskQuery.Sort.ID, true)))
                .isEqualTo(expected.reversed());
        assertThat(allIds(errors.withLimit(2).sortedBy(TaskQuery.Sort.CREATED, true)))
                .as("received together: by id within the same time")
                .isEqualTo(expected.reversed());
        assertThat(ids(errors.withState(TaskState.FINISHED))).containsExactly(failed, failedSilently);
        assertThat(ids(errors.withOutcome(Outcome.FAILED))).containsExactly(failed, failedSilently);
        assertThat(ids(errors.withState(TaskState.READY))).containsExactly(readyAgain, retriedByHand);
        assertThat(ids(errors.withState(TaskState.SCHEDULED))).containsExactly(backingOff);
        assertThat(ids(errors.withState(TaskState.LEASED))).containsExactly(runningAgain);
        assertThat(ids(errors.withState(TaskState.PARKED))).containsExactly(parked);
        assertThat(ids(errors.withQueue("ready"))).containsExactly(readyAgain);
        assertThat(ids(errors.withQueue("recovered"))).isEmpty();
        assertThat(ids(errors.withErrorText("FLAKY"))).containsExactly(readyAgain, backingOff, runningAgain, parked);
        assertThat(ids(errors.withState(TaskState.READY).withLimit(1).sortedBy(TaskQuery.Sort.ID, true)))
                .containsExactly(retriedByHand);
    }

    private long inQueue(String name) {
        return enqueue(NewTask.builder("t").queue(name).maxAttempts(5));
    }

    private LeasedTask claimFrom(String name) {
        List<LeasedTask> got = queue.claim(ClaimRequest.of(name, "w", 1));
        assertThat(got).as("a claimable task in " + name).hasSize(1);
        return got.get(0);
    }

    /** Claims the task of queue {@code name} and acknowledges it as {@code how} says. */
    private void settle(String name, Function<Ack.Builder, Ack> how) {
        queue.ack(how.apply(claimFrom(name).ack()));
    }

    @Test
    void thePayloadFilterComparesTheValueAtAPathAsTextOrAsANumber() {
        long number = enqueue(NewTask.builder("t").payloadJson("{\"customer\":{\"id\":42,\"name\":\"Ann O'Hara\"}}"));
        long text = enqueue(NewTask.builder("t").payloadJson("{\"customer\":{\"id\":\"42\"}}"));
        long other = enqueue(NewTask.builder("t").payloadJson("{\"customer\":{\"id\":7,\"vip\":true}}"));
        long items = enqueue(NewTask.builder("t").queue("other").payloadJson("{\"items\":[{\"sku\":\"x-1\"}]}"));
        enqueue(NewTask.builder("t").payloadJson("\"just text\""));
        enqueue(NewTask.builder("t").payloadJson("[1,2,3]"));
        enqueue(NewTask.builder("t"));

        assertThat(ids(TaskQuery.all().withPayload("customer.id", "42"))).containsExactly(number, text);
        assertThat(ids(TaskQuery.all().withPayload("$.customer.id", "7"))).containsExactly(other);
        assertThat(ids(TaskQuery.all().withPayload("customer.name", "Ann O'Hara")))
                .containsExactly(number);
        assertThat(ids(TaskQuery.all().withPayload("customer.vip", "true"))).containsExactly(other);
        assertThat(ids(TaskQuery.all().withPayload("items[0].sku", "x-1"))).containsExactly(items);
        assertThat(ids(TaskQuery.all().withPayload("items[0].sku", "x-1").withQueue("default")))
                .isEmpty();
        assertThat(ids(TaskQuery.all().withPayload("customer.id", "42").withState(TaskState.READY)))
                .containsExactly(number, text);
        assertThat(ids(TaskQuery.all().withPayload("customer", "42"))).isEmpty();
        assertThat(queue.countTasks(TaskQuery.all().withPayload("customer.id", "42")))
                .isEqualTo(new TaskCount(2, false));
    }

    @Test
    void textFiltersPageByCursorInEitherOrderWithoutRepeatsOrGaps() {
        List<Long> matching = new ArrayList<>();
        for (int i = 0; i < 20; i++) {
            long id = enqueue(NewTask.builder("t").payloadJson("{\"batch\":" + (i % 3 == 0 ? 1 : 2) + "}"));
            if (i % 3 == 0) {
                matching.add(id);
            }
        }
        TaskQuery query = TaskQuery.all().withPayload("batch", "1").withLimit(3);
        Page<TaskInfo> first = queue.tasks(query);
        assertThat(first.items()).hasSize(3);
        assertThat(first.partial()).isFalse();
        assertThat(allIds(query)).isEqualTo(matching);
        assertThat(allIds(query.sortedBy(TaskQuery.Sort.ID, true))).isEqualTo(matching.reversed());
        assertThat(allIds(query.sortedBy(TaskQuery.Sort.CREATED, false))).isEqualTo(matching);
    }

    @Test
    void aCursorServesOnlyTheListingThatIssuedIt() {
        for (int i = 0; i < 4; i++) {
            enqueue(NewTask.builder("t").payloadJson("{\"n\":1}"));
        }
        String cursor =
                queue.tasks(TaskQuery.all().withPayload("n", "1").withLimit(2)).nextCursor();
        assertThat(cursor).isNotNull();
        assertThat(refused(() -> queue.tasks(
                        TaskQuery.all().withPayload("n", "2").withLimit(2).withCursor(cursor))))
                .extracting(InvalidRequestException::field)
                .isEqualTo("cursor");
        assertThat(refused(() -> queue.tasks(TaskQuery.all()
                        .receivedBetween(T0, null)
                        .withPayload("n", "1")
                        .withLimit(2)
                        .withCursor(cursor))))
                .extracting(InvalidRequestException::field)
                .isEqualTo("cursor");
    }

    @Test
    void countsAreExactForSmallSetsAndFollowEveryFilter() {
        for (int i = 0; i < 5; i++) {
            enqueue(NewTask.builder(i % 2 == 0 ? "even" : "odd").owner("ann"));
        }
        enqueue(NewTask.builder("odd").queue("other").owner("bob"));
        assertThat(queue.countTasks(TaskQuery.all())).isEqualTo(new TaskCount(6, false));
        assertThat(queue.countTasks(TaskQuery.all().withType("even"))).isEqualTo(new TaskCount(3, false));
        assertThat(queue.countTasks(TaskQuery.all().withOwner("bob"))).isEqualTo(new TaskCount(1, false));
        assertThat(queue.countTasks(TaskQuery.all().withQueue("default").withState(TaskState.READY)))
                .isEqualTo(new TaskCount(5, false));
        assertThat(queue.countTasks(TaskQuery.all().withState(TaskState.FINISHED)))
                .isEqualTo(new TaskCount(0, false));
        assertThat(queue.countTasks(TaskQuery.all().withType("odd").withLimit(1).sortedBy(TaskQuery.Sort.ID, true)))
                .as("order and page size count nothing")
                .isEqualTo(new TaskCount(3, false));
    }

    @Test
    void badFiltersAreRefusedNamingTheField() {
        Instant t = T0;
        assertThat(refused(() -> queue.tasks(TaskQuery.all().receivedBetween(t, t)))
                        .field())
                .isEqualTo("receivedTo");
        assertThat(refused(() -> queue.tasks(TaskQuery.all().runAtBetween(t, t.minusSeconds(1))))
                        .field())
                .isEqualTo("runAtTo");
        assertThat(refused(() -> queue.countTasks(TaskQuery.all().finishedBetween(t, t)))
                        .field())
                .isEqualTo("finishedTo");
        assertThat(refused(() -> queue.tasks(TaskQuery.all().withPayload("customer..id", "1")))
                        .field())
                .isEqualTo("payloadPath");
        assertThat(refused(() -> queue.tasks(TaskQuery.all().withPayload("a'); DROP TABLE x; --", "1")))
                        .field())
                .isEqualTo("payloadPath");
        assertThat(refused(() -> queue.tasks(TaskQuery.all().withPayload("customer.id", null)))
                        .field())
                .isEqualTo("payloadValue");
        assertThat(refused(() -> queue.tasks(TaskQuery.all().withPayload(null, "1")))
                        .field())
                .isEqualTo("payloadPath");
        assertThat(refused(() -> queue.tasks(TaskQuery.all().withErrorText(""))).field())
                .isEqualTo("errorText");
        assertThat(refused(() -> queue.tasks(TaskQuery.all().withErrorText("x".repeat(201))))
                        .field())
                .isEqualTo("errorText");
        assertThat(refused(() -> queue.tasks(TaskQuery.all().withPayload("a", "x".repeat(201))))
                        .field())
                .isEqualTo("payloadValue");
    }

    @Test
    void aPathIsKeptInItsDollarForm() {
        assertThat(TaskQuery.all().withPayload("customer.id", "1").payloadPath())
                .isEqualTo("$.customer.id");
        assertThat(TaskQuery.all().withPayload("$.items[2].sku", "1").payloadPath())
                .isEqualTo("$.items[2].sku");
    }

    @Test
    void claimRequestsAreUnaffected() {
        enqueue(NewTask.builder("t"));
        assertThat(queue.claim(ClaimRequest.of("default", "w", 5))).hasSize(1);
    }
}
