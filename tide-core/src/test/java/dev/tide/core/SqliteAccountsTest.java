package dev.tide.core;

import dev.tide.core.contract.AccountsContract;
import dev.tide.core.contract.FixtureFactory;
import dev.tide.core.testing.SqliteFixtures;

/** The built-in user store on SQLite. */
class SqliteAccountsTest extends AccountsContract {
    @Override
    protected FixtureFactory factory() {
        return SqliteFixtures.factory();
    }
}
