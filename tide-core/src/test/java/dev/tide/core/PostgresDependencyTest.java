package dev.tide.core;

import dev.tide.core.contract.DependencyContract;
import dev.tide.core.contract.FixtureFactory;
import dev.tide.core.testing.PostgresFixtures;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Dependencies on the embedded engine over PostgreSQL. */
class PostgresDependencyTest extends DependencyContract {
    @RegisterExtension
    static final PostgresFixtures fixtures = PostgresFixtures.perClass("dependencies");

    @Override
    protected FixtureFactory factory() {
        return fixtures;
    }
}
