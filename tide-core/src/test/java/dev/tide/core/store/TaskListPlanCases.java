package dev.tide.core.store;

import dev.tide.api.Outcome;
import dev.tide.api.TaskQuery;
import dev.tide.api.TaskState;
import dev.tide.core.store.jdbc.TaskListSql;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The task list's filters as the dashboard's Tasks page offers them, each alone and with a state and a queue, for the
 * plan tests of both stores ({@code SqliteTaskListPlanTest}, {@code PostgresTaskListPlanTest}), and the rows those
 * tests fill the table with: {@value #ROWS} tasks in 5 queues, 10 types, 50 owners, every state, most finished.
 */
public final class TaskListPlanCases {
    public static final int ROWS = 20_000;
    /**
     * The plan tests' bound of a text search: a twentieth of the table, as the real bound ({@link TaskListing#SCAN_ROWS})
     * is of a table of millions, so that the planners choose as they would there.
     */
    public static final int SCAN_ROWS = 1_000;
    /** Row g was received at g seconds after this, ran then (scheduled ones later), finished a second after. */
    public static final Instant EPOCH = Instant.ofEpochMilli(0);

    private TaskListPlanCases() {}

    /** The values each row takes from its number g (1..ROWS), as SQL expressions both dialects read. */
    public static String selectRows(String g) {
        String state = "CASE WHEN " + g + " % 20 < 13 THEN 'finished' WHEN " + g + " % 20 < 17 THEN 'ready' WHEN " + g
                + " % 20 = 17 THEN 'scheduled' WHEN " + g + " % 20 = 18 THEN 'parked' ELSE 'leased' END";
        return "SELECT 'q' || (" + g + " % 5), 't' || (" + g + " % 10), 'u' || (" + g + " % 50),"
                + " '{\"customer\":{\"id\":' || " + g + " || '}}', 0, " + g + " * 1000, " + state + ","
                + " CASE WHEN " + g + " % 20 < 13 THEN (CASE WHEN " + g
                + " % 7 = 0 THEN 'failed' ELSE 'succeeded' END) END,"
                + " CASE WHEN " + g + " % 7 = 0 THEN 'timeout talking to host ' || " + g + " END,"
                + " 5, 60000, " + g + " * 1000, CASE WHEN " + g + " % 20 < 13 THEN " + g + " * 1000 + 1000 END";
    }

    /** The columns {@link #selectRows} fills, in its order; dispatch_key comes on top, per dialect. */
    public static final String COLUMNS = "queue, type, owner, payload, priority, run_at, state, outcome, message,"
            + " max_attempts, lease_ms, created_at, finished_at";

    private static Instant at(long seconds) {
        return EPOCH.plusSeconds(seconds);
    }

    /** Whether the query filters by text and nothing an index serves: the bounded search of the whole list. */
    public static boolean textAlone(TaskQuery q) {
        return q.matchesText()
                && q.queue() == null
                && q.state() == null
                && q.type() == null
                && q.owner() == null
                && q.jobId() == null
                && q.outcome() == null
                && !q.errorsOnly();
    }

    /**
     * Whether the query lists ready or leased tasks with no other equality filter: no index orders those by id (an
     * index holding them would move at every claim and acknowledgement), so the plan reads the state's own index,
     * every task in it (the backlog; the leases held), and sorts them.
     */
    public static boolean hotStateAlone(TaskQuery q) {
        return (q.state() == TaskState.READY || q.state() == TaskState.LEASED)
                && q.queue() == null
                && q.type() == null
                && q.owner() == null
                && q.jobId() == null
                && !q.errorsOnly();
    }

    /** Every filter of the page, alone, with a state and with a queue (and with its natural sort). */
    public static Map<String, TaskQuery> cases() {
        Map<String, TaskQuery> filters = new LinkedHashMap<>();
        filters.put("queue", TaskQuery.all().withQueue("q1"));
        filters.put("type", TaskQuery.all().withType("t3"));
        filters.put("owner", TaskQuery.all().withOwner("u7"));
        filters.put("job", TaskQuery.all().withJob(5L));
        filters.put("outcome", TaskQuery.all().withOutcome(Outcome.FAILED));
        filters.put("received", TaskQuery.all().receivedBetween(at(1000), at(2000)));
        filters.put("runAt", TaskQuery.all().runAtBetween(at(5000), at(6000)));
        filters.put("finished", TaskQuery.all().finishedBetween(at(7000), at(8000)));
        filters.put("errorText", TaskQuery.all().withErrorText("host 77"));
        filters.put("payload", TaskQuery.all().withPayload("customer.id", "77"));
        filters.put("errors", TaskQuery.all().withErrorsOnly(true));
        Map<String, TaskQuery> cases = new LinkedHashMap<>();
        for (TaskState state : TaskState.values()) {
            cases.put("state " + state.wireName(), TaskQuery.all().withState(state));
        }
        filters.forEach((name, q) -> {
            cases.put(name, q);
            cases.put(name + " + state", q.withState(q.finishedFrom() != null ? TaskState.FINISHED : TaskState.READY));
            cases.put(name + " + queue", q.withQueue("q2"));
            cases.put(name + " descending", q.sortedBy(TaskQuery.Sort.ID, true));
        });
        cases.put("received by received time", filters.get("received").sortedBy(TaskQuery.Sort.CREATED, true));
        cases.put("finished by finish time", filters.get("finished").sortedBy(TaskQuery.Sort.FINISHED, true));
        cases.put("queue by received time", filters.get("queue").sortedBy(TaskQuery.Sort.CREATED, true));
        return cases;
    }

    /**
     * The rows' errors made rare, as a service's are (the filled rows have a failure in every seven): only every
     * 49th row keeps its failure or its message, failed or failing in every state.
     */
    public static final String RARE_ERRORS = "UPDATE tide_tasks SET message = NULL,"
            + " outcome = CASE WHEN outcome = 'failed' THEN 'succeeded' ELSE outcome END"
            + " WHERE created_at % 49000 <> 0";

    /**
     * The "errors only" filter (failed, or failing with a message) alone, in each order, on a later page, and with
     * every other filter: its own index (V025, always there) serves it, and with no other filter it is the one read.
     */
    public static Map<String, TaskQuery> errorsOnlyCases() {
        TaskQuery errors = TaskQuery.all().withErrorsOnly(true);
        Map<String, TaskQuery> cases = new LinkedHashMap<>();
        cases.put("errors", errors);
        cases.put("errors descending", errors.sortedBy(TaskQuery.Sort.ID, true));
        TaskQuery newest = errors.sortedBy(TaskQuery.Sort.ID, true);
        cases.put("errors descending, next page", newest.withCursor(TaskListSql.encode(newest, 10_045, 10_045)));
        cases.put("errors, next page", errors.withCursor(TaskListSql.encode(errors, 9_996, 9_996)));
        cases.put("errors by received time", errors.sortedBy(TaskQuery.Sort.CREATED, true));
        cases.put("errors by finish time", errors.sortedBy(TaskQuery.Sort.FINISHED, true));
        for (TaskState state : TaskState.values()) {
            cases.put("errors + state " + state.wireName(), errors.withState(state));
        }
        cases.put("errors + outcome", errors.withOutcome(Outcome.FAILED));
        cases.put("errors + queue", errors.withQueue("q2"));
        cases.put("errors + type", errors.withType("t3"));
        cases.put("errors + owner", errors.withOwner("u7"));
        cases.put("errors + job", errors.withJob(5L));
        cases.put("errors + worker", errors.withLeaseOwner("w1"));
        cases.put("errors + received", errors.receivedBetween(at(1000), at(2000)));
        cases.put("errors + runAt", errors.runAtBetween(at(5000), at(6000)));
        cases.put("errors + finished", errors.finishedBetween(at(7000), at(8000)));
        cases.put("errors + errorText", errors.withErrorText("host 77"));
        cases.put(
                "errors + queue + state, descending",
                errors.withQueue("q2").withState(TaskState.READY).sortedBy(TaskQuery.Sort.ID, true));
        return cases;
    }

    /**
     * Whether the listing has no filter but "errors only", in id order (either way, any page): the one its index alone
     * answers. In another order the planner may walk that order's index instead (tide_tasks_list_created), filtering.
     */
    public static boolean errorsAloneById(TaskQuery q) {
        return q.errorsOnly()
                && q.equals(TaskQuery.all()
                        .withErrorsOnly(true)
                        .sortedBy(TaskQuery.Sort.ID, q.descending())
                        .withCursor(q.cursor()));
    }

    /**
     * The dashboard's listings outside the Tasks page (tide-server's WorkerPages and ParkingPage): the leases held, to
     * group by worker, and the parked tasks.
     */
    public static Map<String, TaskQuery> pageListings() {
        Map<String, TaskQuery> cases = new LinkedHashMap<>();
        cases.put(
                "workers: leases held",
                TaskQuery.all()
                        .withState(TaskState.LEASED)
                        .sortedBy(TaskQuery.Sort.ID, false)
                        .withLimit(1000));
        cases.put(
                "parking: parked tasks",
                TaskQuery.all().withState(TaskState.PARKED).withLimit(100));
        return cases;
    }
}
