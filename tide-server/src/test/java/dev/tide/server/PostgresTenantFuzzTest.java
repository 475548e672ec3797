package dev.tide.server;

import dev.tide.core.contract.FixtureFactory;
import dev.tide.core.testing.PostgresFixtures;
import org.junit.jupiter.api.extension.RegisterExtension;

/** The tenant fuzzer over HTTP, on PostgreSQL. */
class PostgresTenantFuzzTest extends TenantFuzzContract {
    @RegisterExtension
    static final PostgresFixtures fixtures = PostgresFixtures.perClass("http_tenant_fuzz");

    @Override
    protected FixtureFactory factory() {
        return fixtures;
    }
}
