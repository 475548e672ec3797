package dev.tide.server;

import dev.tide.core.Tide;
import java.nio.file.Path;

/** The JMX beans of a node on SQLite. */
class SqliteJmxAdminTest extends JmxAdminContract {
    @Override
    Tide engine(Path folder) {
        return Tide.builder().sqlite(folder.resolve("data")).build();
    }
}
