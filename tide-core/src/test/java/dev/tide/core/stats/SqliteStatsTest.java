package dev.tide.core.stats;

import dev.tide.core.Tide;
import dev.tide.core.TideBuilder;
import java.nio.file.Path;
import org.junit.jupiter.api.io.TempDir;

class SqliteStatsTest extends StatsContract {
    @TempDir
    Path folder;

    @Override
    protected TideBuilder storage() {
        return Tide.builder().sqlite(folder).lockFolder(false);
    }
}
