package dev.tide.core.testing;

import dev.tide.core.Tide;
import dev.tide.core.TideConfig;
import dev.tide.core.contract.EngineFixture;
import dev.tide.core.contract.FixtureFactory;
import dev.tide.core.contract.QueueFixture;
import java.time.InstantSource;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * Engines on PostgreSQL for the contract suites: one schema per test class (or per suite, for all its nested
 * contracts), emptied before each test (faster than a schema per test, and the tests still start from nothing).
 * Registered as a static extension of the test class, it creates the schema before the class's tests and drops it
 * after them.
 */
public final class PostgresFixtures implements FixtureFactory, BeforeAllCallback, AfterAllCallback {
    private final String owner;
    private PostgresTestDatabase db;
    // JUnit calls a class's extensions again for each of its @Nested classes: the container that created the schema
    // is the one that drops it, so a suite's nested contracts share their suite's schema.
    private String createdBy;

    private PostgresFixtures(String owner) {
        this.owner = owner;
    }

    /**
     * Fixtures on a schema named after {@code owner}, created when the test class starts; skips (or fails under CI)
     * when PostgreSQL is unreachable.
     */
    public static PostgresFixtures perClass(String owner) {
        return new PostgresFixtures(owner);
    }

    @Override
    public void beforeAll(ExtensionContext context) {
        if (db == null) {
            db = PostgresTestDatabase.create(owner);
            createdBy = context.getUniqueId();
        }
    }

    @Override
    public void afterAll(ExtensionContext context) {
        if (db != null && context.getUniqueId().equals(createdBy)) {
            db.close();
            db = null;
        }
    }

    @Override
    public QueueFixture open(InstantSource clock, TideConfig config) {
        db.truncateAll();
        Tide tide =
                Tide.builder().postgres(db.url()).clock(clock).config(config).build();
        return new EngineFixture(tide, null);
    }
}
