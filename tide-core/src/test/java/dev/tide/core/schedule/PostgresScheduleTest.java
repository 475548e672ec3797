package dev.tide.core.schedule;

import dev.tide.core.Tide;
import dev.tide.core.TideBuilder;
import dev.tide.core.testing.PostgresSchema;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Schedules on PostgreSQL: the two-engine test races two connection pools on one schema. */
class PostgresScheduleTest extends ScheduleContract {
    @RegisterExtension
    static final PostgresSchema db = PostgresSchema.perClass("schedules");

    @Override
    protected TideBuilder storage() {
        return Tide.builder().postgres(db.url());
    }
}
