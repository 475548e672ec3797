package dev.tide.core.testing;

import dev.tide.core.Tide;
import dev.tide.core.TideBuilder;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * A PostgreSQL schema for one test class, as a static extension: created before the class's tests (and its own
 * {@code @BeforeAll} methods), emptied before each test, dropped after them. Skips the class (or fails it under CI)
 * when PostgreSQL is unreachable. For tests that open engines themselves, several on one schema if they like;
 * contract suites take {@link PostgresFixtures}.
 */
public final class PostgresSchema implements BeforeAllCallback, BeforeEachCallback, AfterAllCallback {
    private final String owner;
    private PostgresTestDatabase db;

    private PostgresSchema(String owner) {
        this.owner = owner;
    }

    /** A schema named after {@code owner}. */
    public static PostgresSchema perClass(String owner) {
        return new PostgresSchema(owner);
    }

    /** The schema's JDBC URL. */
    public String url() {
        return db.url();
    }

    /** The schema's name. */
    public String schema() {
        return db.schema();
    }

    /** A builder of engines on the schema. */
    public TideBuilder builder() {
        return Tide.builder().postgres(db.url());
    }

    @Override
    public void beforeAll(ExtensionContext context) {
        db = PostgresTestDatabase.create(owner);
    }

    @Override
    public void beforeEach(ExtensionContext context) {
        db.truncateAll();
    }

    @Override
    public void afterAll(ExtensionContext context) {
        if (db != null) {
            db.close();
            db = null;
        }
    }
}
