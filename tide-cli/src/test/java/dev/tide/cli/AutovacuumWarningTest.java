package dev.tide.cli;

import static org.assertj.core.api.Assertions.assertThat;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import dev.tide.cli.testing.CliRun;
import dev.tide.core.store.postgresql.PostgresStore;
import dev.tide.core.testing.PostgresTestDatabase;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.util.List;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;

/** On a PostgreSQL database with autovacuum off, the warning is one line, logged by the first command only. */
class AutovacuumWarningTest {
    @Test
    void theWarningIsOneLineOncePerDatabase() throws Exception {
        try (PostgresTestDatabase db = PostgresTestDatabase.create("autovacuum_warning")) {
            Assumptions.assumeTrue(autovacuumOff(db.url()), "the test cluster runs autovacuum; nothing to warn about");
            Logger logger = (Logger) LoggerFactory.getLogger(PostgresStore.class);
            ListAppender<ILoggingEvent> seen = new ListAppender<>();
            seen.start();
            logger.addAppender(seen);
            try {
                for (int call = 0; call < 3; call++) {
                    assertThat(CliRun.of("status", "--db", db.url()).code()).isZero();
                }
            } finally {
                logger.detachAppender(seen);
            }
            List<String> warnings = seen.list.stream()
                    .map(ILoggingEvent::getFormattedMessage)
                    .filter(m -> m.contains("autovacuum"))
                    .toList();
            assertThat(warnings).hasSize(1);
            assertThat(warnings.get(0))
                    .doesNotContain("\n")
                    .startsWith("autovacuum is off on jdbc:postgresql://")
                    .endsWith(": Tide's tables will bloat; turn it on (docs/postgresql.md; said once per database)");
        }
    }

    private static boolean autovacuumOff(String url) throws Exception {
        try (Connection c = DriverManager.getConnection(url);
                ResultSet rs = c.createStatement().executeQuery("SHOW autovacuum")) {
            rs.next();
            return !"on".equals(rs.getString(1));
        }
    }
}
