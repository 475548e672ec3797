package dev.tide.core.cycle;

import dev.tide.core.contract.CycleContract;
import dev.tide.core.contract.FixtureFactory;
import dev.tide.core.testing.PostgresFixtures;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Processing cycles on the embedded engine over PostgreSQL. */
class PostgresCycleTest extends CycleContract {
    @RegisterExtension
    static final PostgresFixtures fixtures = PostgresFixtures.perClass("cycles");

    @Override
    protected FixtureFactory factory() {
        return fixtures;
    }
}
