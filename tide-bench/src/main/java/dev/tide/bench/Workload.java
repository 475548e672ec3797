package dev.tide.bench;

import dev.tide.api.Discipline;
import dev.tide.api.NewTask;
import dev.tide.api.QueueDefinition;
import dev.tide.api.QueueInfo;
import dev.tide.core.Tide;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The no-op tasks a benchmark queues, with what its queue's discipline orders them by: mixed priorities, deadlines
 * spread over a week, weights from 1 to 10, or owners taken in turn from {@code users} users. The mix is a fixed
 * function of the task's number, so every run queues the same tasks.
 *
 * @param users the owners of a fair queue's tasks; 0 for other disciplines
 * @param deadlinesFrom the earliest deadline an {@code edf} task gets (in the future, so that none is late)
 */
record Workload(Discipline discipline, int users, Instant deadlinesFrom) {
    static final String QUEUE = "bench";
    private static final long WEEK_SECONDS = Duration.ofDays(7).toSeconds();

    Workload {
        if ((discipline == Discipline.FAIR) != (users > 0)) {
            throw new IllegalArgumentException("a fair workload needs users, and only a fair one: " + users);
        }
    }

    /** The workload of {@code discipline}; {@code users} owners if it is fair. */
    static Workload of(Discipline discipline, int users) {
        return new Workload(
                discipline,
                discipline == Discipline.FAIR ? users : 0,
                Instant.now().plus(Duration.ofDays(1)));
    }

    /**
     * Defines the queue, then waits out the re-keying a change of discipline starts (on PostgreSQL it watches ten
     * seconds for enqueues that raced the change, re-keying what arrives meanwhile), so that what follows is measured
     * in the steady state, not beside re-keying passes.
     */
    void define(Tide tide) throws InterruptedException {
        define(tide, QueueDefinition.named(QUEUE).withDiscipline(discipline));
    }

    /** Defines the queue as {@code definition} says (its discipline should be this workload's), then waits as above. */
    static void define(Tide tide, QueueDefinition definition) throws InterruptedException {
        tide.queues().define(definition);
        Waiting.until(
                () -> tide.queues().list().stream()
                        .filter(q -> q.name().equals(definition.name()))
                        .noneMatch(QueueInfo::reordering),
                "the order of queue " + definition.name() + " settled");
    }

    /** A short description for reports: the discipline, and the users of a fair queue. */
    String label() {
        return discipline.wireName() + (users > 0 ? String.format(Locale.ROOT, " (%,d users)", users) : "");
    }

    List<NewTask> tasks(int from, int to) {
        return tasks(from, to, TaskShape.NONE);
    }

    /** Tasks {@code from} .. {@code to}-1, each with what {@code shape} adds to it. */
    List<NewTask> tasks(int from, int to, TaskShape shape) {
        List<NewTask> tasks = new ArrayList<>(to - from);
        for (int n = from; n < to; n++) {
            NewTask.Builder task = builder(n);
            shape.add(n, task);
            tasks.add(task.build());
        }
        return tasks;
    }

    private NewTask.Builder builder(int n) {
        NewTask.Builder task = NewTask.builder(TideQueue.TYPE).queue(QUEUE).payload(new TideQueue.NoopPayload(n));
        int mix = mix(n);
        switch (discipline) {
            case PRIORITY -> task.priority(mix % 10);
            case EDF -> task.deadline(deadlinesFrom.plusSeconds(mix % WEEK_SECONDS));
            case ROULETTE -> task.weight(1 + mix % 10);
            case FAIR -> task.owner("user-" + n % users);
            case FIFO -> {}
        }
        return task;
    }

    /** A well-spread, non-negative function of {@code n} (Fibonacci hashing). */
    private static int mix(int n) {
        return (n * 0x9E3779B1) >>> 1;
    }
}
