package dev.tide.core.store.postgresql;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tide.api.ClaimRequest;
import dev.tide.api.LeasedTask;
import dev.tide.api.NewTask;
import dev.tide.api.Page;
import dev.tide.api.TaskInfo;
import dev.tide.api.TaskQuery;
import dev.tide.core.Tide;
import dev.tide.core.TideConfig;
import dev.tide.core.TideInternals;
import dev.tide.core.store.TaskListing;
import dev.tide.core.store.jdbc.JdbcTaskReads;
import dev.tide.core.testing.PostgresTestDatabase;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Without the trigram index (a database that does not offer pg_trgm, where V021 made none), the error-text filter
 * matches by reading a bounded number of rows per page, as on SQLite, and pages stop short with a cursor to continue.
 */
class PostgresErrorTextFallbackTest {
    private PostgresTestDatabase db;
    private Tide tide;

    @BeforeEach
    void open() throws SQLException {
        db = PostgresTestDatabase.create("pg_trgm_fallback");
        tide = Tide.builder()
                .postgres(db.url())
                .config(TideConfig.defaults().withMaintenanceInterval(null))
                .build();
        try (Connection c = DriverManager.getConnection(db.url());
                Statement st = c.createStatement()) {
            st.execute("DROP INDEX tide_tasks_message_trgm");
        }
    }

    @AfterEach
    void close() {
        tide.close();
        db.close();
    }

    @Test
    void errorTextReadsABoundedNumberOfRowsPerPage() {
        for (int i = 0; i < 6; i++) {
            tide.enqueue(NewTask.of("t", null));
        }
        List<LeasedTask> leased = tide.claim(ClaimRequest.of("default", "w", 6));
        for (int i = 0; i < leased.size(); i++) {
            tide.ack(leased.get(i)
                    .ack()
                    .message(i == 4 ? "SMTP timeout" : "bad input")
                    .fail());
        }
        JdbcTaskReads reads = (JdbcTaskReads) TideInternals.store(tide).reads();
        TaskQuery query = TaskQuery.all().withErrorText("smtp");

        assertThat(String.join("\n", reads.taskListPlans(new TaskListing(query, 3))))
                .as("the bounded subquery, no trigram index")
                .contains("Subquery Scan on s")
                .doesNotContain("trgm");
        Page<TaskInfo> first = reads.taskList(new TaskListing(query, 3));
        assertThat(first.items()).isEmpty();
        assertThat(first.partial()).isTrue();
        Page<TaskInfo> second = reads.taskList(new TaskListing(query.withCursor(first.nextCursor()), 3));
        assertThat(second.items())
                .extracting(TaskInfo::id)
                .containsExactly(leased.get(4).id());
        assertThat(second.partial()).isFalse();
        assertThat(tide.tasks(query).items()).hasSize(1);
    }
}
