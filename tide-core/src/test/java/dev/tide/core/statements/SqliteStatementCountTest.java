package dev.tide.core.statements;

import dev.tide.core.Tide;
import dev.tide.core.TideConfig;
import dev.tide.core.store.jdbc.SqlCounter;
import dev.tide.core.testing.TempFolders;
import java.nio.file.Path;
import java.time.InstantSource;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;

/** The statements per operation on SQLite: a real database file per capability. */
class SqliteStatementCountTest extends StatementCountContract {
    private static final StatementNames NAMES = new StatementNames("sqlite");
    private final List<Path> folders = new ArrayList<>();

    @Override
    protected Tide open(SqlCounter counter, Capability capability) {
        Path folder = TempFolders.create("tide-statements-");
        folders.add(folder);
        return SqlCounter.opening(
                counter,
                () -> Tide.builder()
                        .sqlite(folder)
                        .clock(InstantSource.system())
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
        return "SQLite";
    }

    @Override
    protected long quietMillis() {
        return 20;
    }

    @Override
    protected StatementNames names() {
        return NAMES;
    }

    @Override
    protected Map<Operation, Figures> plain() {
        Map<Operation, Figures> pinned = new EnumMap<>(Operation.class);
        pinned.put(Operation.ENQUEUE, Figures.pinned(3, 1, 1));
        pinned.put(Operation.ENQUEUE_BATCH, Figures.pinned(3, 100, 1));
        pinned.put(Operation.CLAIM, Figures.pinned(3, 0, 1));
        pinned.put(Operation.CLAIM_BATCH, Figures.pinned(3, 0, 1));
        pinned.put(Operation.HEARTBEAT, Figures.pinned(1, 0, 1));
        pinned.put(Operation.ACK, Figures.pinned(2, 0, 1));
        pinned.put(Operation.ACK_BATCH, Figures.pinned(2, 0, 1));
        return pinned;
    }
}
