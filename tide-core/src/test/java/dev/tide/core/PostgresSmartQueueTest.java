package dev.tide.core;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tide.core.contract.FixtureFactory;
import dev.tide.core.contract.SmartQueueContract;
import dev.tide.core.store.postgresql.PostgresStore;
import dev.tide.core.testing.PostgresFixtures;
import java.time.InstantSource;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Coalescing and pending bounds on the embedded engine over PostgreSQL. */
class PostgresSmartQueueTest extends SmartQueueContract {
    @RegisterExtension
    static final PostgresFixtures fixtures = PostgresFixtures.perClass("smart");

    @Override
    protected FixtureFactory factory() {
        return fixtures;
    }

    @Test
    void lookupsAndCountsReadTheirPartialIndexes() {
        try (var fixture =
                fixtures.open(InstantSource.system(), TideConfig.defaults().withMaintenanceInterval(null))) {
            PostgresStore store = (PostgresStore) fixture.engine().store();
            for (String statement : List.of("coalescing_pending", "pending_count_key")) {
                assertThat(String.join("\n", store.explain(statement)))
                        .as(statement)
                        .containsPattern("Index (Only )?Scan using tide_tasks_coalescing on tide_tasks")
                        .doesNotContain("Sort");
            }
            assertThat(String.join("\n", store.explain("pending_count_queue")))
                    .containsPattern("Index (Only )?Scan using tide_tasks_bounded");
            assertThat(String.join("\n", store.explain("pending_count_user")))
                    .containsPattern("Index (Only )?Scan using tide_tasks_bounded");
        }
    }
}
