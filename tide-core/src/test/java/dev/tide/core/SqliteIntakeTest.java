package dev.tide.core;

import dev.tide.core.contract.FixtureFactory;
import dev.tide.core.contract.IntakeContract;
import dev.tide.core.testing.SqliteFixtures;

/** The folder intake switch through its API on SQLite. */
class SqliteIntakeTest extends IntakeContract {
    @Override
    protected FixtureFactory factory() {
        return SqliteFixtures.factory();
    }
}
