package dev.tide.core;

import dev.tide.core.contract.FixtureFactory;
import dev.tide.core.contract.LeaseLengthContract;
import dev.tide.core.testing.PostgresFixtures;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Leases keep their claimed length on PostgreSQL (many leases heartbeat in one statement there). */
class PostgresLeaseLengthTest extends LeaseLengthContract {
    @RegisterExtension
    static final PostgresFixtures fixtures = PostgresFixtures.perClass("lease_length");

    @Override
    protected FixtureFactory factory() {
        return fixtures;
    }
}
