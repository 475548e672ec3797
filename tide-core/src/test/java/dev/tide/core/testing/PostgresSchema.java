package dev.tide.core.testing;

import dev.tide.core.Tide;
import dev.tide.core.TideBuilder;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * A PostgreSQL schema for one test class (or one suite and its nested classes), as a static extension: created before
 * the class's tests (and its own {@code @BeforeAll} methods), emptied before each test, dropped after them. Skips the
 * class (or fails it under CI) when PostgreSQL is unreachable. For tests that open engines themselves, several on one
 * schema if they like; contract suites take {@link PostgresFixtures}.
 */
public final class PostgresSchema implements BeforeAllCallback, BeforeEachCallback, AfterAllCallback {
    private final String owner;
    private PostgresTestDatabase db;
    // JUnit calls a class's extensions again for each of its @Nested classes: the container that created the schema
    // is the one that drops it, so a suite's nested contracts share their suite's schema.
    private String createdBy;

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
        if (db == null) {
            db = PostgresTestDatabase.create(owner);
            createdBy = context.getUniqueId();
        }
    }

    @Override
    public void beforeEach(ExtensionContext context) {
        db.truncateAll();
    }

    @Override
    public void afterAll(ExtensionContext context) {
        if (db != null && context.getUniqueId().equals(createdBy)) {
            db.close();
            db = null;
        }
    }
}
