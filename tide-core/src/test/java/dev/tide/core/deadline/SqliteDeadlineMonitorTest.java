package dev.tide.core.deadline;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tide.core.Tide;
import dev.tide.core.TideBuilder;
import dev.tide.core.TideInternals;
import dev.tide.core.store.sqlite.SqliteStore;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The deadline monitor on SQLite files, and the plans of its statements. */
class SqliteDeadlineMonitorTest extends DeadlineMonitorContract {
    @TempDir
    Path folder;

    @Override
    protected TideBuilder storage() {
        return Tide.builder().sqlite(folder);
    }

    @Test
    void dueDeadlinesAreOneRangeOfTheDeadlineIndexWithNoSort() {
        SqliteStore store = (SqliteStore) TideInternals.store(open());
        for (String statement : List.of("task_deadline_due", "task_deadline_next")) {
            List<String> plan = store.explain(statement);
            assertThat(plan)
                    .as(statement)
                    .anyMatch(step -> step.contains("INDEX tide_tasks_deadline_due (deadline_notice=?"));
            assertThat(plan).as(statement).noneMatch(step -> step.contains("TEMP B-TREE"));
        }
        for (String statement : List.of("job_deadline_due", "job_deadline_next")) {
            List<String> plan = store.explain(statement);
            assertThat(plan)
                    .as(statement)
                    .anyMatch(step -> step.contains("INDEX tide_jobs_deadline_due (deadline_notice=?"));
            assertThat(plan).as(statement).noneMatch(step -> step.contains("TEMP B-TREE"));
        }
        assertThat(store.explain("task_deadline_due"))
                .as("the task's job is found by its key")
                .anyMatch(step -> step.contains("SEARCH j USING INTEGER PRIMARY KEY"));
        assertThat(store.explain("event_prune"))
                .anyMatch(step -> step.contains("INDEX tide_events_at (at<?)"))
                .noneMatch(step -> step.contains("TEMP B-TREE"));
    }
}
