package dev.tide.server;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tide.core.Tide;
import dev.tide.core.testing.PostgresTestDatabase;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.lifecycle.AfterContainer;
import net.jqwik.api.lifecycle.BeforeContainer;

/** {@link ApiFuzzer} on PostgreSQL, a smaller run: what SQLite stores PostgreSQL may refuse (NUL, huge numbers). */
class PostgresApiFuzzTest {
    private static PostgresTestDatabase db;
    private static FuzzTarget target;

    @BeforeContainer
    static void open() {
        db = PostgresTestDatabase.create("api_fuzz");
        target = new FuzzTarget("PostgresApiFuzzTest", Tide.builder().postgres(db.url()));
    }

    @AfterContainer
    static void close() {
        try {
            if (target != null) {
                target.close();
            }
        } finally {
            if (db != null) {
                db.close();
            }
        }
    }

    @Property(tries = 6)
    void everyOperationAnswersSpoiltRequestsWithoutAServerFault(@ForAll long seed) {
        assertThat(target.fuzzer.everyOperationOnce(new Random(seed))).isEmpty();
    }
}
