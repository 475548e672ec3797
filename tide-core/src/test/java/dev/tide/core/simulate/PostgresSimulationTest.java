package dev.tide.core.simulate;

import dev.tide.core.TideBuilder;
import dev.tide.core.testing.PostgresSchema;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Simulations on a fresh PostgreSQL schema, on the multi-node store: the whole week of table 9 (some 30 seconds, since
 * its nights take 200 claims an hour, 5 per session, each a few round trips to the database).
 */
class PostgresSimulationTest extends SimulationContract {
    @RegisterExtension
    static final PostgresSchema db = PostgresSchema.perClass("simulate");

    @Override
    protected TideBuilder storage() {
        return db.builder();
    }
}
