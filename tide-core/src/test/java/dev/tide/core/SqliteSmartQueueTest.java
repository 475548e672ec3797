package dev.tide.core;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tide.core.contract.FixtureFactory;
import dev.tide.core.contract.SmartQueueContract;
import dev.tide.core.store.sqlite.SqliteStore;
import dev.tide.core.testing.SqliteFixtures;
import dev.tide.core.testing.TempFolders;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Coalescing and pending bounds on the embedded engine over SQLite. */
class SqliteSmartQueueTest extends SmartQueueContract {
    @Override
    protected FixtureFactory factory() {
        return SqliteFixtures.factory();
    }

    @Test
    void lookupsAndCountsReadTheirPartialIndexes() {
        Path folder = TempFolders.create("tide-plan-");
        try (Tide tide = Tide.builder().sqlite(folder).build()) {
            SqliteStore store = (SqliteStore) tide.store();
            for (String statement : List.of("coalescing_pending", "pending_count_key")) {
                assertThat(store.explain(statement))
                        .as(statement)
                        .anyMatch(step -> step.contains(
                                "USING INDEX tide_tasks_coalescing (queue=? AND owner=? AND" + " coalescing_key=?)"))
                        .noneMatch(step -> step.contains("TEMP B-TREE"));
            }
            assertThat(store.explain("pending_count_queue"))
                    .anyMatch(step -> step.contains("INDEX tide_tasks_bounded (queue=?)"));
            assertThat(store.explain("pending_count_user"))
                    .anyMatch(step -> step.contains("INDEX tide_tasks_bounded (queue=? AND owner=?)"));
        } finally {
            TempFolders.delete(folder);
        }
    }
}
