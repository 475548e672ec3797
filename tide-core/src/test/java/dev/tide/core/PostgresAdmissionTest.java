package dev.tide.core;

import dev.tide.core.contract.AdmissionContract;
import dev.tide.core.contract.FixtureFactory;
import dev.tide.core.testing.PostgresFixtures;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Per-user admission on PostgreSQL. */
class PostgresAdmissionTest extends AdmissionContract {
    @RegisterExtension
    static final PostgresFixtures fixtures = PostgresFixtures.perClass("admission");

    @Override
    protected FixtureFactory factory() {
        return fixtures;
    }
}
