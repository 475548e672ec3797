package dev.tide.core.discipline;

import dev.tide.core.Tide;
import dev.tide.core.contract.EngineFixture;
import dev.tide.core.contract.FixtureFactory;
import dev.tide.core.testing.PostgresTestDatabase;

/** Fair turns under random claims, caps and allocations on PostgreSQL, in a schema of its own. */
class PostgresFairTurnsPropertiesTest extends FairTurnsProperties {
    @Override
    protected FixtureFactory factory() {
        return (clock, config) -> {
            PostgresTestDatabase db = PostgresTestDatabase.create("fair_turns");
            Tide tide = Tide.builder()
                    .postgres(db.url())
                    .clock(clock)
                    .config(config)
                    .build();
            return new EngineFixture(tide, db);
        };
    }
}
