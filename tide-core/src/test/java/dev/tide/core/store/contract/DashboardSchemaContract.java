package dev.tide.core.store.contract;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tide.api.EventQuery;
import dev.tide.api.JobQuery;
import dev.tide.api.JobState;
import dev.tide.api.TideEvent;
import dev.tide.core.Tide;
import dev.tide.core.store.jdbc.EventListSql;
import dev.tide.core.store.jdbc.JobListSql;
import dev.tide.core.store.jdbc.SqlFile;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The dashboard's schema (V023, V026): the plans of its list queries ({@link EventListSql}, {@link JobListSql}, the
 * intake's files) on a few thousand rows with statistics, where every filter reads an index, never the whole table; and
 * the actor column filled for events written before it. A store's test says how to reach its database and how to read
 * a plan.
 */
public abstract class DashboardSchemaContract {
    private static final int ROWS = 5_000;

    /** An engine on the test's store, migrated. */
    protected abstract Tide open();

    /** A connection to a migrated, empty store of this kind. */
    protected abstract Connection connect() throws SQLException;

    /** The plan of the statement, one line per step. */
    protected abstract List<String> plan(Connection c, String sql, PreparedStatementBinder bind) throws SQLException;

    /** Fails when a plan reads all of {@code table}. */
    protected abstract void assertNoFullScan(List<String> plan, String table, String what);

    @FunctionalInterface
    protected interface PreparedStatementBinder {
        void bind(PreparedStatement ps) throws SQLException;
    }

    @Test
    void eventAndJobListsReadAnIndexForEveryFilter() throws SQLException {
        try (Connection c = connect()) {
            fill(c);
            for (Map.Entry<String, EventQuery> e : eventQueries().entrySet()) {
                EventListSql list = EventListSql.of(e.getValue());
                assertNoFullScan(plan(c, list.sql(), list::bind), "tide_events", e.getKey());
            }
            Instant now = Instant.ofEpochMilli(ROWS / 2);
            for (Map.Entry<String, JobQuery> e : jobQueries().entrySet()) {
                JobListSql list = JobListSql.of(e.getValue(), now);
                assertNoFullScan(plan(c, list.sql(), list::bind), "tide_jobs", e.getKey());
            }
        }
    }

    @Test
    void theIntakesFilesArePagedAndPrunedByAnIndex() throws SQLException {
        try (Connection c = connect()) {
            try (Statement st = c.createStatement()) {
                st.execute("INSERT INTO tide_intake_files (at, owner, queue, name, outcome, task_id, reason) "
                        + "WITH RECURSIVE g(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM g WHERE n < " + ROWS + ") "
                        + "SELECT n, 'user-' || (n % 50), 'mail', 'f-' || n || '.json',"
                        + " CASE WHEN n % 10 = 0 THEN 'rejected' ELSE 'stored' END,"
                        + " CASE WHEN n % 10 <> 0 THEN n END,"
                        + " CASE WHEN n % 10 = 0 THEN 'payload: is empty' END FROM g");
                st.execute("ANALYZE");
            }
            if (!c.getAutoCommit()) {
                c.commit();
            }
            SqlFile statements =
                    SqlFile.forDialect(c.getMetaData().getDatabaseProductName().toLowerCase(Locale.ROOT));
            // both statements take (a bound, a limit), in that order
            for (long[] bounds : new long[][] {{Long.MAX_VALUE, 51}, {2_500, 51}}) {
                assertNoFullScan(
                        plan(c, statements.get("intake_file_list").jdbcSql(), ps -> {
                            ps.setLong(1, bounds[0]);
                            ps.setLong(2, bounds[1]);
                        }),
                        "tide_intake_files",
                        "intake files below " + bounds[0]);
            }
            List<String> prune = plan(c, statements.get("intake_file_prune").jdbcSql(), ps -> {
                ps.setLong(1, 100);
                ps.setLong(2, 1000);
            });
            assertNoFullScan(prune, "tide_intake_files", "intake files pruned");
        }
    }

    @Test
    void theMigrationFillsTheActorColumnOfEventsWrittenBefore() throws SQLException {
        try (Connection c = connect()) {
            try (Statement st = c.createStatement()) {
                // back to before V023's actor column, with events written then
                for (String index : List.of("tide_events_task", "tide_events_job", "tide_events_actor")) {
                    st.execute("DROP INDEX " + index);
                }
                for (String index : List.of("tide_jobs_state", "tide_jobs_type", "tide_jobs_owner")) {
                    st.execute("DROP INDEX " + index);
                }
                st.execute("ALTER TABLE tide_events DROP COLUMN actor");
                st.execute("DELETE FROM tide_schema_version WHERE name = 'V023__dashboard_reads.sql'");
                st.execute("INSERT INTO tide_events (at, kind, queue, detail) VALUES"
                        + " (1, 'dispatch.suspended', 'mail', '{\"actor\":\"ops:ada\"}'),"
                        + " (2, 'digest.sent', 'mail', '{\"taskId\":5,\"actor\":\"not first\"}'),"
                        + " (3, 'dispatch.resumed', 'mail', '{\"actor\":null}'),"
                        + " (4, 'job.finished', NULL, NULL)");
            }
            if (!c.getAutoCommit()) {
                c.commit();
            }
        }
        try (Tide tide = open()) {
            assertThat(tide.monitoring().events(EventQuery.recent().withActor("ops:ada")))
                    .extracting(TideEvent::kind)
                    .containsExactly("dispatch.suspended");
            assertThat(tide.monitoring().events(EventQuery.recent())).hasSize(4);
        }
    }

    private static Map<String, EventQuery> eventQueries() {
        Map<String, EventQuery> q = new LinkedHashMap<>();
        EventQuery recent = EventQuery.recent();
        q.put("newest", recent);
        q.put("paged back", recent.withBefore(2_500L));
        q.put("kind", recent.withKind("task.failed"));
        q.put("task", recent.withTaskId(1_001L));
        q.put("job", recent.withJobId(40L));
        q.put("actor", recent.withActor("ops:3"));
        q.put("actor and kind", recent.withActor("ops:3").withKind("task.cancelled"));
        q.put(
                "job and kind, paged",
                recent.withJobId(40L).withKind("deadline.warning").withBefore(4_000L));
        return q;
    }

    private static Map<String, JobQuery> jobQueries() {
        Map<String, JobQuery> q = new LinkedHashMap<>();
        JobQuery all = JobQuery.all();
        q.put("newest", all);
        q.put("next page", all.withCursor(JobListSql.encode(all, 2_500L)));
        q.put("open", all.withState(JobState.OPEN));
        q.put("finished", all.withState(JobState.FINISHED));
        q.put("type", all.withType("type-3"));
        q.put("owner", all.withOwner("user-7"));
        q.put("owner, open, next page", all.withOwner("user-7").withState(JobState.OPEN));
        q.put("type and owner", all.withType("type-3").withOwner("user-7"));
        q.put("deadline passed", all.withDeadlinePassed(true));
        q.put("deadline passed, owner", all.withDeadlinePassed(true).withOwner("user-7"));
        JobQuery ownerOpen = all.withOwner("user-7").withState(JobState.OPEN);
        q.put("owner, open, page 2", ownerOpen.withCursor(JobListSql.encode(ownerOpen, 3_000L)));
        return q;
    }

    /** Most events name a task, some a job, one in ten an actor; nine jobs in ten finished, one in five with a deadline. */
    private static void fill(Connection c) throws SQLException {
        String series = "WITH RECURSIVE g(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM g WHERE n < " + ROWS + ") ";
        try (Statement st = c.createStatement()) {
            st.execute("INSERT INTO tide_events (at, kind, task_id, job_id, queue, detail, actor) " + series
                    + "SELECT n, CASE n % 4 WHEN 0 THEN 'task.failed' WHEN 1 THEN 'task.cancelled'"
                    + " WHEN 2 THEN 'deadline.warning' ELSE 'job.finished' END,"
                    + " CASE WHEN n % 3 <> 0 THEN n END, CASE WHEN n % 4 = 0 THEN n / 4 END, 'default', '{}',"
                    + " CASE WHEN n % 10 = 0 THEN 'ops:' || (n % 7) END FROM g");
            st.execute(
                    "INSERT INTO tide_jobs (type, owner, priority, deadline, state, outcome, created_at, finished_at) "
                            + series
                            + "SELECT 'type-' || (n % 10), 'user-' || (n % 50), 0, CASE WHEN n % 5 = 0 THEN n END,"
                            + " CASE WHEN n % 10 = 0 THEN 'open' ELSE 'finished' END,"
                            + " CASE WHEN n % 10 = 0 THEN NULL ELSE 'succeeded' END, n, CASE WHEN n % 10 <> 0 THEN n END"
                            + " FROM g");
            st.execute("ANALYZE");
        }
        if (!c.getAutoCommit()) {
            c.commit();
        }
        try (Statement st = c.createStatement();
                var rs = st.executeQuery("SELECT count(*) FROM tide_jobs")) {
            rs.next();
            assertThat(rs.getLong(1)).isEqualTo(ROWS);
        }
    }
}
