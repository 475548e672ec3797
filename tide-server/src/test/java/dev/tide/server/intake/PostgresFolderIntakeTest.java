package dev.tide.server.intake;

import dev.tide.core.contract.FixtureFactory;
import dev.tide.core.testing.PostgresFixtures;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Folder intake on the engine over PostgreSQL. */
class PostgresFolderIntakeTest extends FolderIntakeContract {
    @RegisterExtension
    static final PostgresFixtures fixtures = PostgresFixtures.perClass("intake");

    @Override
    protected FixtureFactory factory() {
        return fixtures;
    }
}
