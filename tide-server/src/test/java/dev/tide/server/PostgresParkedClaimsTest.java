package dev.tide.server;

import dev.tide.core.Tide;
import dev.tide.core.TideConfig;
import dev.tide.core.testing.PostgresSchema;
import org.junit.jupiter.api.extension.RegisterExtension;

class PostgresParkedClaimsTest extends ParkedClaimsContract {
    @RegisterExtension
    static final PostgresSchema pg = PostgresSchema.perClass("server_parked_claims");

    @Override
    Tide open() {
        return pg.builder()
                .config(TideConfig.defaults().withMaintenanceInterval(null))
                .build();
    }

    @Override
    String store() {
        return "PostgreSQL";
    }
}
