package dev.tide.core;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tide.core.blob.FolderBlobStore;
import dev.tide.core.contract.BlobPayloadContract;
import dev.tide.core.contract.FixtureFactory;
import dev.tide.core.store.postgresql.PostgresStore;
import dev.tide.core.testing.PostgresFixtures;
import dev.tide.core.testing.PostgresSchema;
import dev.tide.core.testing.S3ProxyProcess;
import dev.tide.core.time.ManualClock;
import java.nio.file.Path;
import java.time.InstantSource;
import java.util.List;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The engine contracts ({@link EngineContracts}) on the embedded engine over PostgreSQL. The suite has one schema for
 * the engines the fixture opens and one for the contracts that build their engine themselves, each emptied before
 * every test. When PostgreSQL is unreachable the whole suite is skipped with a notice (failed under CI).
 */
class PostgresSuite extends EngineContracts {
    @RegisterExtension
    static final PostgresFixtures fixtures = PostgresFixtures.perClass("suite");

    @RegisterExtension
    static final PostgresSchema schema = PostgresSchema.perClass("suite_builders");

    @Override
    protected FixtureFactory engines() {
        return fixtures;
    }

    /** The suite's builders' schema: the folder holds nothing. */
    @Override
    protected TideBuilder builderIn(Path folder) {
        return schema.builder();
    }

    @Override
    protected TideBuilder builderWithBlobsIn(Path folder) {
        return schema.builder().blobStore(new FolderBlobStore(folder));
    }

    @Override
    protected void assertSmartQueueLookupsReadTheirIndexes() {
        try (var fixture =
                fixtures.open(InstantSource.system(), TideConfig.defaults().withMaintenanceInterval(null))) {
            PostgresStore store = (PostgresStore) fixture.engine().store();
            // The suite's schema is emptied between tests, so the planner may believe tide_tasks empty (and a scan of
            // it
            // free): whether each lookup can read its partial index is asked with sequential scans priced out.
            for (String statement : List.of("coalescing_pending", "pending_count_key")) {
                assertThat(String.join("\n", store.explainIndexUse(statement)))
                        .as(statement)
                        .containsPattern("Index (Only )?Scan using tide_tasks_coalescing on tide_tasks")
                        .doesNotContain("Sort");
            }
            assertThat(String.join("\n", store.explainIndexUse("pending_count_queue")))
                    .containsPattern("Index (Only )?Scan using tide_tasks_bounded");
            assertThat(String.join("\n", store.explainIndexUse("pending_count_user")))
                    .containsPattern("Index (Only )?Scan using tide_tasks_bounded");
        }
    }

    /** Large payloads in an S3 bucket: the distributed deployment, against a real S3-compatible server. */
    @Nested
    class S3BlobPayloads extends BlobPayloadContract {
        @Override
        protected Tide open(ManualClock clock, TideConfig config) {
            return schema.builder()
                    .clock(clock)
                    .config(config)
                    .blobStore(S3ProxyProcess.shared().newStore("tide/"))
                    .build();
        }
    }
}
