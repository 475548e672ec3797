package dev.tide.core;

import dev.tide.core.contract.DependencyContract;
import dev.tide.core.contract.FixtureFactory;
import dev.tide.core.testing.PostgresFixtures;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

/** Dependencies on the embedded engine over PostgreSQL. */
class PostgresDependencyTest extends DependencyContract {
    private static PostgresFixtures fixtures;

    @BeforeAll
    static void createSchema() {
        fixtures = PostgresFixtures.create("dependencies");
    }

    @AfterAll
    static void dropSchema() {
        if (fixtures != null) {
            fixtures.close();
        }
    }

    @Override
    protected FixtureFactory factory() {
        return fixtures;
    }
}
