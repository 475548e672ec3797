package dev.tide.bench;

import dev.tide.api.Discipline;
import java.util.List;

/** The systems the drain benchmark knows, by the names the command line and the report use. */
final class QueueSystems {
    static final String TIDE = "tide";
    static final String DB_SCHEDULER = "db-scheduler";
    static final String JOBRUNR = "jobrunr";
    static final String CEILING = "ceiling";
    static final List<String> ALL = List.of(TIDE, DB_SCHEDULER, JOBRUNR, CEILING);

    private QueueSystems() {}

    static DrainBenchmark.Factory factory(String system) {
        return switch (system) {
            case TIDE ->
                database -> new TideQueue(database, TideBatches.DEFAULT, Workload.of(Discipline.FIFO, 0), TIDE);
            case DB_SCHEDULER -> DbSchedulerQueue::new;
            case JOBRUNR -> JobRunrQueue::new;
            case CEILING -> database -> new CeilingQueue(database, TideBatches.DEFAULT);
            default -> throw new IllegalArgumentException("unknown system '" + system + "' (use one of " + ALL + ")");
        };
    }
}
