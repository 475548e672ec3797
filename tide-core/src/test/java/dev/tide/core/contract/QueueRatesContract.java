package dev.tide.core.contract;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tide.api.ClaimRequest;
import dev.tide.api.Discipline;
import dev.tide.api.HourlyStats;
import dev.tide.api.InvalidRequestException;
import dev.tide.api.LeasedTask;
import dev.tide.api.NewTask;
import dev.tide.api.QueueDefinition;
import dev.tide.api.ServedTasks;
import dev.tide.api.ServedTasks.UserServed;
import dev.tide.api.StatsQuery;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * What the queue page reads of one queue, the same on every store and over HTTP, under a clock the test moves: a fair
 * queue's tasks served in the last hour by user (those that ended succeeded or failed for good, not those of two hours
 * ago, of other queues, cancelled or waiting for a retry), and the hourly statistics of one queue.
 */
public abstract class QueueRatesContract extends ManualQueueContract {
    private static final String FAIR = "shared";

    @BeforeEach
    void defineFairQueue() {
        queue.queues().define(QueueDefinition.named(FAIR).withDiscipline(Discipline.FAIR));
    }

    private void enqueue(String lane, String owner, int n) {
        for (int i = 0; i < n; i++) {
            queue.enqueue(NewTask.builder("job").queue(lane).owner(owner).build());
        }
    }

    /** Claims every ready task of the lane and lets each end as {@code end} says. */
    private void serveAll(String lane, java.util.function.Consumer<LeasedTask> end) {
        for (LeasedTask task : queue.claim(ClaimRequest.of(lane, "w", 100))) {
            end.accept(task);
        }
    }

    private void succeed(LeasedTask task) {
        queue.ack(task.ack().succeed());
    }

    @Test
    void aFairQueueServedEachUserTheTasksThatEndedInTheLastHour() {
        enqueue(FAIR, "ada", 4);
        serveAll(FAIR, this::succeed); // at 09:00, two hours before the count: none of these counts

        clock.advance(Duration.ofMinutes(110)); // 10:50, ten minutes before the count
        enqueue(FAIR, "ada", 3);
        enqueue(FAIR, "bob", 1);
        enqueue("plain", "bob", 2); // another queue's tasks
        serveAll(FAIR, this::succeed);
        serveAll("plain", this::succeed);
        enqueue(FAIR, "bob", 3);
        List<LeasedTask> bobs = queue.claim(ClaimRequest.of(FAIR, "w", 3));
        queue.ack(bobs.get(0).ack().message("broken for good").fail()); // served: ended failed
        queue.ack(bobs.get(1).ack().message("try again").retry(Duration.ofHours(5))); // not ended yet
        queue.cancel(bobs.get(2).task().id(), "not wanted"); // cancelled: never counts
        enqueue(FAIR, "cy", 1); // waiting: not served

        clock.advance(Duration.ofMinutes(10));
        Instant now = clock.instant();
        ServedTasks served = queue.queues().served(FAIR);

        assertThat(served.users()).containsExactly(new UserServed("ada", 3), new UserServed("bob", 2));
        assertThat(served.sum()).isEqualTo(5);
        assertThat(served.shareOf("ada")).isEqualTo(0.6);
        assertThat(served.shareOf("cy")).isZero();
        assertThat(served.partial()).isFalse();
        assertThat(served.queue()).isEqualTo(FAIR);
        assertThat(served.to()).isEqualTo(now);
        assertThat(served.from()).isEqualTo(now.minus(ServedTasks.WINDOW));

        clock.advance(Duration.ofMinutes(51)); // the 10:50 ends are now 61 minutes old
        assertThat(queue.queues().served(FAIR).users()).isEmpty();
    }

    @Test
    void aQueueThatIsNotFairServedNobodyInTurns() {
        enqueue("plain", "ada", 2);
        serveAll("plain", this::succeed);
        assertThat(queue.queues().served("plain").users()).isEmpty();
        assertThat(queue.queues().served("never-used").users()).isEmpty();
    }

    @Test
    void aQueueNamedWronglyIsRefusedNamingTheField() {
        assertThatThrownBy(() -> queue.queues().served("no spaces"))
                .isInstanceOfSatisfying(
                        InvalidRequestException.class,
                        e -> assertThat(e.field()).isEqualTo("queue"));
        assertThatThrownBy(() -> new StatsQuery(T0, T0.plus(Duration.ofHours(1)), null, "no spaces"))
                .isInstanceOfSatisfying(
                        InvalidRequestException.class,
                        e -> assertThat(e.field()).isEqualTo("queue"));
    }

    @Test
    void theStatisticsOfOneQueueCountItsTasksOnly() {
        enqueue(FAIR, "ada", 3);
        enqueue("plain", "ada", 2);
        serveAll(FAIR, this::succeed);
        serveAll("plain", task -> queue.ack(task.ack().message("no").fail()));
        clock.advance(Duration.ofHours(1));
        enqueue("plain", "ada", 1);
        serveAll("plain", this::succeed);

        StatsQuery day = new StatsQuery(T0, T0.plus(Duration.ofDays(1)), null);
        Instant nine = T0;
        Instant ten = T0.plus(Duration.ofHours(1));
        assertThat(queue.monitoring().stats(day.withQueue(FAIR)))
                .containsExactly(new HourlyStats("job", nine, 3, 3, 0, 0, 0, 3));
        assertThat(queue.monitoring().stats(day.withQueue("plain")))
                .containsExactly(
                        new HourlyStats("job", nine, 2, 0, 2, 0, 0, 2), new HourlyStats("job", ten, 1, 1, 0, 0, 0, 1));
        assertThat(queue.monitoring().stats(day))
                .as("every queue's, summed by type and hour")
                .containsExactly(
                        new HourlyStats("job", nine, 5, 3, 2, 0, 0, 5), new HourlyStats("job", ten, 1, 1, 0, 0, 0, 1));
        assertThat(queue.monitoring().stats(day.withQueue("plain").withType("other")))
                .isEmpty();
        assertThat(queue.monitoring().stats(day.withQueue("nowhere"))).isEmpty();
    }
}
