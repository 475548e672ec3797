package dev.tide.core;

import dev.tide.core.contract.FixtureFactory;
import dev.tide.core.contract.KnownTypesContract;
import dev.tide.core.testing.PostgresFixtures;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Warnings for task types nothing names, on PostgreSQL. */
class PostgresKnownTypesTest extends KnownTypesContract {
    @RegisterExtension
    static final PostgresFixtures fixtures = PostgresFixtures.perClass("known_types");

    @Override
    protected FixtureFactory factory() {
        return fixtures;
    }
}
