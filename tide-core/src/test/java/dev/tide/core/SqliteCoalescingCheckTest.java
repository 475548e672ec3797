package dev.tide.core;

import dev.tide.core.contract.CoalescingCheckContract;
import dev.tide.core.testing.TempFolders;
import java.nio.file.Path;

/** The in-process coalescing check on SQLite. */
class SqliteCoalescingCheckTest extends CoalescingCheckContract {
    private Path folder;

    @Override
    protected TideBuilder storage() {
        folder = TempFolders.create("tide-check-");
        return Tide.builder().sqlite(folder);
    }

    @Override
    protected void cleanUp() {
        TempFolders.delete(folder);
    }
}
