package dev.tide.server;

import dev.tide.core.Tide;

/** Processors in a whole node on SQLite. */
class SqliteProcessorNodeTest extends ProcessorNodeContract {
    @Override
    Tide engine(String node) {
        return Tide.builder()
                .sqlite(folder.resolve("data-" + node))
                .config(dev.tide.core.TideConfig.defaults().withNodeName(node))
                .build();
    }
}
