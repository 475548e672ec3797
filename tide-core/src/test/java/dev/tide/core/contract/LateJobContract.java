package dev.tide.core.contract;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tide.api.Ack;
import dev.tide.api.ClaimRequest;
import dev.tide.api.Discipline;
import dev.tide.api.LeasedTask;
import dev.tide.api.NewJob;
import dev.tide.api.NewTask;
import dev.tide.api.QueueDefinition;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * Late jobs (seed 000, 4.3.5.3): a job past its deadline is served by turns with the jobs after it, so it neither
 * holds them up nor starves, in every ordered discipline; on every store and over HTTP.
 */
public abstract class LateJobContract extends ManualQueueContract {
    private static final String LANE = "mail";

    /** A job of {@code n} tasks whose payload is its name, with a deadline {@code dueIn} from now (none if null). */
    private void job(String name, int n, Duration dueIn) {
        List<NewTask> tasks = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            tasks.add(NewTask.builder("email").queue(LANE).payload(name).build());
        }
        NewJob.Builder job = NewJob.builder("mailing").tasks(tasks);
        if (dueIn != null) {
            job.deadline(clock.instant().plus(dueIn));
        }
        queue.createJob(job.build());
    }

    /** The jobs of the tasks claimed {@code batch} at a time (each acknowledged at once), until none is left. */
    private String drain(int batch) {
        StringBuilder order = new StringBuilder();
        while (true) {
            List<LeasedTask> got = queue.claim(ClaimRequest.of(LANE, "w", batch));
            if (got.isEmpty()) {
                return order.toString();
            }
            order.append(got.stream().map(t -> t.task().payloadAs(String.class)).collect(Collectors.joining()));
            queue.ackAll(got.stream().map(t -> Ack.succeed(t.lease())).toList());
        }
    }

    @Test
    void beforeItsDeadlineAJobKeepsItsPlace() {
        job("a", 4, Duration.ofHours(1));
        job("b", 2, Duration.ofHours(2));
        assertThat(drain(1)).isEqualTo("aaaabb");
    }

    @Test
    void aLateJobIsServedByTurnsWithTheJobsAfterIt() {
        job("a", 5, Duration.ofHours(1));
        job("b", 2, Duration.ofHours(2));
        job("c", 1, Duration.ofHours(3));
        clock.advance(Duration.ofMinutes(61));
        fixture.maintenance();

        assertThat(drain(1)).isEqualTo("babacaaa");
    }

    @Test
    void aBatchClaimTakesHalfFromTheLateJob() {
        job("a", 6, Duration.ofHours(1));
        job("b", 6, Duration.ofHours(2));
        clock.advance(Duration.ofMinutes(61));
        fixture.maintenance();

        String first = drain(4).substring(0, 4);
        assertThat(first.chars().filter(c -> c == 'a').count()).isEqualTo(2);
        assertThat(first.chars().filter(c -> c == 'b').count()).isEqualTo(2);
    }

    @Test
    void tasksAddedToALateJobJoinItsTurns() {
        queue.queues().define(QueueDefinition.named(LANE).withDiscipline(Discipline.FIFO));
        long late = queue.createJob(NewJob.builder("mailing")
                        .deadline(T0.plus(Duration.ofMinutes(30)))
                        .task(NewTask.builder("email").queue(LANE).payload("a").build())
                        .task(NewTask.builder("email").queue(LANE).payload("a").build())
                        .build())
                .job()
                .id();
        job("b", 5, null);
        clock.advance(Duration.ofHours(1));
        fixture.maintenance();
        queue.enqueue(
                NewTask.builder("email").queue(LANE).job(late).payload("a").build());

        assertThat(drain(1)).isEqualTo("babababb");
    }

    @Test
    void edfQueuesServeLateJobsByTurnsToo() {
        queue.queues().define(QueueDefinition.named(LANE).withDiscipline(Discipline.EDF));
        job("a", 3, Duration.ofMinutes(10));
        job("b", 3, Duration.ofHours(5));
        clock.advance(Duration.ofMinutes(20));
        fixture.maintenance();

        assertThat(drain(1)).isEqualTo("bababa");
    }
}
