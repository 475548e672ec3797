package dev.tide.core.testing;

import dev.tide.core.Tide;
import dev.tide.core.TideConfig;
import dev.tide.core.contract.EngineFixture;
import dev.tide.core.contract.FixtureFactory;
import dev.tide.core.contract.QueueFixture;
import java.time.InstantSource;

/**
 * Engines on PostgreSQL for the contract suites: one schema per test class, emptied before each test (faster than a
 * schema per test, and the tests still start from nothing).
 */
public final class PostgresFixtures implements FixtureFactory, AutoCloseable {
    private final PostgresTestDatabase db;

    private PostgresFixtures(PostgresTestDatabase db) {
        this.db = db;
    }

    /** A fresh schema named after {@code owner}; skips (or fails under CI) when PostgreSQL is unreachable. */
    public static PostgresFixtures create(String owner) {
        return new PostgresFixtures(PostgresTestDatabase.create(owner));
    }

    @Override
    public QueueFixture open(InstantSource clock, TideConfig config) {
        db.truncateAll();
        Tide tide =
                Tide.builder().postgres(db.url()).clock(clock).config(config).build();
        return new EngineFixture(tide, null);
    }

    @Override
    public void close() {
        db.close();
    }
}
