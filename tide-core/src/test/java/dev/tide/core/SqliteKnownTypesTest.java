package dev.tide.core;

import dev.tide.core.contract.FixtureFactory;
import dev.tide.core.contract.KnownTypesContract;
import dev.tide.core.testing.SqliteFixtures;

/** Warnings for task types nothing names, on SQLite. */
class SqliteKnownTypesTest extends KnownTypesContract {
    @Override
    protected FixtureFactory factory() {
        return SqliteFixtures.factory();
    }
}
