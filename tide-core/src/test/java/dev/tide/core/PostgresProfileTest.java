package dev.tide.core;

import dev.tide.core.contract.FixtureFactory;
import dev.tide.core.contract.ProfileContract;
import dev.tide.core.testing.PostgresFixtures;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Profiles on the embedded engine over PostgreSQL. */
class PostgresProfileTest extends ProfileContract {
    @RegisterExtension
    static final PostgresFixtures fixtures = PostgresFixtures.perClass("profiles");

    @Override
    protected FixtureFactory factory() {
        return fixtures;
    }
}
