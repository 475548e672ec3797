package dev.tide.server;

import dev.tide.core.contract.AccountsContract;
import dev.tide.core.contract.FixtureFactory;

/** The built-in user store through the admin API over loopback HTTP. */
class HttpAccountsTest extends AccountsContract {
    @Override
    protected FixtureFactory factory() {
        return new HttpFixtureFactory();
    }
}
