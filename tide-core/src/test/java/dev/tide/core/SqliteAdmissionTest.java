package dev.tide.core;

import dev.tide.core.contract.AdmissionContract;
import dev.tide.core.contract.FixtureFactory;
import dev.tide.core.testing.SqliteFixtures;

/** Per-user admission on SQLite. */
class SqliteAdmissionTest extends AdmissionContract {
    @Override
    protected FixtureFactory factory() {
        return SqliteFixtures.factory();
    }
}
