package dev.tide.core.schedule;

import dev.tide.core.Tide;
import dev.tide.core.TideBuilder;
import java.nio.file.Path;
import org.junit.jupiter.api.io.TempDir;

/** Schedules on a SQLite file; the two-engine test opens the one folder twice (no folder lock, one process). */
class SqliteScheduleTest extends ScheduleContract {
    @TempDir
    Path folder;

    @Override
    protected TideBuilder storage() {
        return Tide.builder().sqlite(folder).lockFolder(false);
    }
}
