package dev.tide.core.store.postgresql;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tide.core.Tide;
import dev.tide.core.TideConfig;
import dev.tide.core.testing.PostgresSchema;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Tide's schema named in its statements: exactly its relations, nothing else, on a real migrated schema. */
class SchemaQualifierTest {
    @RegisterExtension
    static final PostgresSchema db = PostgresSchema.perClass("qualifier");

    private final SchemaQualifier q = new SchemaQualifier("tide");

    @Test
    void namesTheSchemaBeforeEachRelationAndNowhereElse() {
        assertThat(q.apply("SELECT t.id, tide_tasks.state FROM tide_tasks t JOIN tide_jobs j ON j.id = t.job_id"))
                .isEqualTo("SELECT t.id, \"tide\".tide_tasks.state FROM \"tide\".tide_tasks t JOIN \"tide\".tide_jobs j"
                        + " ON j.id = t.job_id");
        // Index, constraint and channel names, columns, quoted text, quoted identifiers and comments stay.
        assertThat(q.apply("CREATE INDEX IF NOT EXISTS tide_tasks_list_state ON tide_tasks (state) -- tide_jobs"))
                .isEqualTo(
                        "CREATE INDEX IF NOT EXISTS tide_tasks_list_state ON \"tide\".tide_tasks (state) -- tide_jobs");
        assertThat(q.apply("SELECT pg_notify('tide_ready', 'tide_tasks x'), \"tide_jobs\" /* tide_jobs */ FROM x"))
                .isEqualTo("SELECT pg_notify('tide_ready', 'tide_tasks x'), \"tide_jobs\" /* tide_jobs */ FROM x");
        assertThat(q.apply("SELECT 'it''s tide_tasks', other.tide_tasks FROM other"))
                .isEqualTo("SELECT 'it''s tide_tasks', other.tide_tasks FROM other");
        // A literal naming a relation whole (a sequence, a regclass) names the schema inside it.
        assertThat(q.apply("SELECT nextval('tide_tasks_id_seq'), to_regclass('tide_settings')"))
                .isEqualTo("SELECT nextval('\"tide\".tide_tasks_id_seq'), to_regclass('\"tide\".tide_settings')");
        assertThat(q.apply("SELECT hashtext(current_schema()), CURRENT_SCHEMA() FROM tide_stats WHERE a = $1"))
                .isEqualTo("SELECT hashtext('tide'), 'tide' FROM \"tide\".tide_stats WHERE a = $1");
        assertThat(q.apply("UPDATE TIDE_TASKS SET x = 1")).isEqualTo("UPDATE \"tide\".TIDE_TASKS SET x = 1");
    }

    @Test
    void aSchemaNameIsQuotedAsAnIdentifierAndALiteral() {
        SchemaQualifier odd = new SchemaQualifier("My \"odd\" o'schema");
        assertThat(odd.apply("SELECT current_schema() FROM tide_tasks"))
                .isEqualTo("SELECT 'My \"odd\" o''schema' FROM \"My \"\"odd\"\" o'schema\".tide_tasks");
    }

    @Test
    void qualifyingTwiceChangesNothingMore() {
        String once = q.apply("INSERT INTO tide_tasks SELECT nextval('tide_tasks_id_seq') FROM tide_jobs");
        assertThat(q.apply(once)).isEqualTo(once);
    }

    @Test
    @SuppressWarnings("try") // the engine migrates the schema while open
    void theRelationsAreExactlyThoseTheMigrationsCreate() throws Exception {
        try (Tide ignored = db.builder()
                .config(TideConfig.defaults().withMaintenanceInterval(null))
                .build()) {
            Set<String> migrated = new HashSet<>();
            try (Connection c = DriverManager.getConnection(db.url());
                    PreparedStatement ps = c.prepareStatement("SELECT relname FROM pg_class WHERE relnamespace ="
                            + " to_regnamespace(?) AND relkind IN ('r', 'p', 'S', 'v', 'm', 'f')")) {
                ps.setString(1, db.schema());
                try (ResultSet rs = ps.executeQuery()) {
                    while (rs.next()) {
                        migrated.add(rs.getString(1));
                    }
                }
            }
            assertThat(migrated).containsExactlyInAnyOrderElementsOf(SchemaQualifier.RELATIONS);
        }
    }
}
