package dev.tide.core;

import dev.tide.core.contract.AccountsContract;
import dev.tide.core.contract.FixtureFactory;
import dev.tide.core.testing.PostgresFixtures;
import org.junit.jupiter.api.extension.RegisterExtension;

/** The built-in user store on PostgreSQL. */
class PostgresAccountsTest extends AccountsContract {
    @RegisterExtension
    static final PostgresFixtures fixtures = PostgresFixtures.perClass("accounts");

    @Override
    protected FixtureFactory factory() {
        return fixtures;
    }
}
