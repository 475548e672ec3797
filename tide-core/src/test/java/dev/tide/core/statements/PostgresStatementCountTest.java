package dev.tide.core.statements;

import dev.tide.core.Tide;
import dev.tide.core.TideConfig;
import dev.tide.core.blob.FolderBlobStore;
import dev.tide.core.store.jdbc.SqlCounter;
import dev.tide.core.testing.PostgresTestDatabase;
import dev.tide.core.testing.TempFolders;
import java.nio.file.Path;
import java.time.InstantSource;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;

/**
 * The statements per operation on PostgreSQL: a real database, one schema for the class, emptied per capability. The
 * host's clock stands in for the database-anchored one, whose re-reading of the database's time is per interval, not
 * per operation. A blob store in a folder is given, since PostgreSQL has none by default.
 */
class PostgresStatementCountTest extends StatementCountContract {
    private static final StatementNames NAMES = new StatementNames("postgresql");
    private static PostgresTestDatabase db;
    private final List<Path> folders = new ArrayList<>();

    @BeforeAll
    static void createSchema() {
        db = PostgresTestDatabase.create("statements");
    }

    @AfterAll
    static void dropSchema() {
        if (db != null) {
            db.close();
            db = null;
        }
    }

    @Override
    protected Tide open(SqlCounter counter, Capability capability) {
        db.truncateAll();
        Path blobs = TempFolders.create("tide-statements-blobs-");
        folders.add(blobs);
        return SqlCounter.opening(
                counter,
                () -> Tide.builder()
                        .postgres(db.url())
                        .clock(InstantSource.system())
                        .blobStore(new FolderBlobStore(blobs))
                        .config(TideConfig.defaults().withMaintenanceInterval(null))
                        .build());
    }

    @AfterEach
    void deleteFolders() {
        folders.forEach(TempFolders::delete);
        folders.clear();
    }

    @Override
    protected String store() {
        return "PostgreSQL";
    }

    @Override
    protected long quietMillis() {
        return 40;
    }

    @Override
    protected StatementNames names() {
        return NAMES;
    }

    @Override
    protected Map<Operation, Figures> plain() {
        Map<Operation, Figures> pinned = new EnumMap<>(Operation.class);
        pinned.put(Operation.ENQUEUE, Figures.pinned(2, 0, 1));
        pinned.put(Operation.ENQUEUE_BATCH, Figures.pinned(2, 0, 1));
        pinned.put(Operation.CLAIM, Figures.pinned(2, 0, 1));
        pinned.put(Operation.CLAIM_BATCH, Figures.pinned(2, 0, 1));
        pinned.put(Operation.HEARTBEAT, Figures.pinned(1, 0, 1));
        pinned.put(Operation.ACK, Figures.pinned(2, 0, 1));
        pinned.put(Operation.ACK_BATCH, Figures.pinned(2, 0, 1));
        return pinned;
    }
}
