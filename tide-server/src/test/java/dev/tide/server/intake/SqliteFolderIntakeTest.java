package dev.tide.server.intake;

import dev.tide.core.contract.FixtureFactory;
import dev.tide.core.testing.SqliteFixtures;

/** Folder intake on the embedded engine over SQLite. */
class SqliteFolderIntakeTest extends FolderIntakeContract {
    @Override
    protected FixtureFactory factory() {
        return SqliteFixtures.factory();
    }
}
