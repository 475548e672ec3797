package dev.tide.core;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tide.core.blob.FolderBlobStore;
import dev.tide.core.contract.FixtureFactory;
import dev.tide.core.contract.ProcessorSelectionContract;
import dev.tide.core.store.sqlite.SqliteStore;
import dev.tide.core.testing.SqliteFixtures;
import dev.tide.core.testing.TempFolders;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The engine contracts ({@link EngineContracts}) on the embedded engine over SQLite: each test opens a fresh data
 * folder, deleted afterwards.
 */
class SqliteSuite extends EngineContracts {
    static final FixtureFactory fixtures = SqliteFixtures.factory();

    @Override
    protected FixtureFactory engines() {
        return fixtures;
    }

    @Override
    protected TideBuilder builderIn(Path folder) {
        return Tide.builder().sqlite(folder);
    }

    /** The engine's default blob store: the data folder's {@code blobs}. */
    @Override
    protected TideBuilder builderWithBlobsIn(Path folder) {
        return Tide.builder().sqlite(folder);
    }

    @Override
    protected void assertSmartQueueLookupsReadTheirIndexes() {
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

    @Nested
    class ProcessorSelection extends ProcessorSelectionContract {
        @Override
        protected FixtureFactory factory() {
            return fixtures;
        }
    }

    /** Where large payloads go when the builder names no blob store. */
    @Nested
    class DefaultBlobStore {
        @TempDir
        Path folder;

        @Test
        void theDefaultBlobStoreIsTheDataFoldersBlobsFolder() {
            try (Tide tide = Tide.builder().sqlite(folder).build()) {
                assertThat(tide.blobStore().orElseThrow())
                        .isInstanceOfSatisfying(
                                FolderBlobStore.class,
                                store -> assertThat(store.root())
                                        .isEqualTo(folder.resolve("blobs").toAbsolutePath()));
            }
        }
    }
}
