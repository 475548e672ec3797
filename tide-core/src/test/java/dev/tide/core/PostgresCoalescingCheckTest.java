package dev.tide.core;

import dev.tide.core.contract.CoalescingCheckContract;
import dev.tide.core.testing.PostgresSchema;
import org.junit.jupiter.api.extension.RegisterExtension;

/** The in-process coalescing check on PostgreSQL. */
class PostgresCoalescingCheckTest extends CoalescingCheckContract {
    @RegisterExtension
    static final PostgresSchema db = PostgresSchema.perClass("check");

    @Override
    protected TideBuilder storage() {
        return Tide.builder().postgres(db.url());
    }
}
