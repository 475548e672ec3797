package dev.tide.core;

import dev.tide.core.contract.FixtureFactory;
import dev.tide.core.contract.IntakeContract;
import dev.tide.core.testing.PostgresFixtures;
import org.junit.jupiter.api.extension.RegisterExtension;

/** The folder intake switch through its API on PostgreSQL. */
class PostgresIntakeTest extends IntakeContract {
    @RegisterExtension
    static final PostgresFixtures fixtures = PostgresFixtures.perClass("intake_api");

    @Override
    protected FixtureFactory factory() {
        return fixtures;
    }
}
