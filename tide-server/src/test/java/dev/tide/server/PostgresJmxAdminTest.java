package dev.tide.server;

import dev.tide.core.Tide;
import dev.tide.core.testing.PostgresSchema;
import java.nio.file.Path;
import org.junit.jupiter.api.extension.RegisterExtension;

/** The JMX beans of a node on PostgreSQL. */
class PostgresJmxAdminTest extends JmxAdminContract {
    @RegisterExtension
    static final PostgresSchema pg = PostgresSchema.perClass("jmx");

    @Override
    Tide engine(Path folder) {
        return pg.builder().build();
    }
}
