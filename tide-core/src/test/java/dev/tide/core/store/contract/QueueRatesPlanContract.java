package dev.tide.core.store.contract;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tide.api.ServedTasks;
import dev.tide.api.ServedTasks.UserServed;
import dev.tide.core.Tide;
import dev.tide.core.TideInternals;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The queue page's reads (V027) over {@value #ROWS} tasks in 5 queues, one of them fair, and as many statistics rows:
 * a fair queue's tasks served reads its own partial index ({@code tide_tasks_fair_served}) newest first up to its
 * bound, and one queue's statistics read {@code tide_stats_queue}; neither reads a whole table. A store's test fills
 * the tables and says how to read a plan.
 */
public abstract class QueueRatesPlanContract {
    protected static final int ROWS = 20_000;

    /** Task g ended at g seconds (as epoch milliseconds) if it ended. */
    private static final Instant NOW = Instant.ofEpochSecond(ROWS);

    /** The engine on the filled store. */
    protected abstract Tide tide();

    /**
     * Every plan the store may take for the statement with these values, one text each: first the plan made knowing
     * the values.
     */
    protected abstract List<String> plans(String statement, Map<String, Object> parameters);

    /**
     * Fails unless the first plan reads {@code indexes[0]}, every other one of {@code indexes}, and none reads all of
     * {@code table}.
     */
    protected abstract void assertReadsIndex(List<String> plans, String table, String... indexes);

    /** The rows the store's test inserts, from row number g, in {@link #TASK_COLUMNS} order (dispatch_key apart). */
    protected static String taskRows(String g) {
        return "SELECT 'q' || (" + g + " % 5), 'job', 'u' || (" + g + " % 50), 0, " + g + " * 1000,"
                + " CASE WHEN " + g + " % 4 = 0 THEN 'ready' ELSE 'finished' END,"
                + " CASE WHEN " + g + " % 4 = 0 THEN NULL WHEN " + g + " % 4 = 1 THEN 'succeeded'"
                + " WHEN " + g + " % 4 = 2 THEN 'failed' ELSE 'cancelled' END,"
                + " 5, 60000, " + g + " * 1000, CASE WHEN " + g + " % 4 <> 0 THEN " + g + " * 1000 END,"
                + " CASE WHEN " + g + " % 5 = 0 THEN 1 ELSE 0 END";
    }

    /** Queue q0 is fair (its tasks have fair = 1); the others are not. */
    protected static final String TASK_COLUMNS =
            "queue, type, owner, priority, run_at, state, outcome, max_attempts, lease_ms, created_at, finished_at, fair";

    /**
     * Statistics rows from row number g: 50 types each in one of 5 queues, 10 slots, an hour per 500 rows (40 hours): a
     * day of one queue is a fifth of the day's rows.
     */
    protected static String statsRows(String g) {
        return "SELECT 't' || (" + g + " % 50), (" + g + " / 500) * 3600000, 'q' || (" + g + " % 5)," + " (" + g
                + " / 50) % 10, 1, 1, 0, 0, 0, 1";
    }

    protected static final String STATS_COLUMNS =
            "task_type, hour_start, queue, slot, started, succeeded, failed, retried, expired, units_used";

    @Test
    void aFairQueuesTasksServedAreReadFromItsPartialIndex() {
        Map<String, Object> q0 = Map.of(
                "queue",
                "q0",
                "since",
                NOW.minusSeconds(3600).toEpochMilli(),
                "now",
                NOW.toEpochMilli(),
                "limit",
                (long) ServedTasks.LIMIT);
        assertReadsIndex(plans("user_served", q0), "tide_tasks", "tide_tasks_fair_served");
    }

    /**
     * A plan that does not know the values (PostgreSQL's generic plan, which a statement prepared on the server may keep)
     * may read the day by hour, every queue's rows, as the overview's chart does, and skip the other queues'.
     */
    @Test
    void oneQueuesStatisticsAreReadFromTheQueueIndex() {
        Map<String, Object> day = Map.of("queue", "q3", "from", 0L, "to", 24 * 3_600_000L);
        assertReadsIndex(plans("stats_list+stats_if_queue", day), "tide_stats", "tide_stats_queue", "tide_stats_hour");
    }

    /**
     * In the last hour (g from 16,401 to 20,000) q0 has 720 tasks (g % 5 = 0), of which those that ended succeeded (g %
     * 20 = 5) or failed (g % 20 = 10) count, 180 each, owned by ten users; the others wait (g % 20 = 0) or were
     * cancelled (g % 20 = 15).
     */
    @Test
    void theCountStopsAtItsBoundAndSaysFromWhenItCounted() {
        var catalog = TideInternals.store(tide()).catalog();
        Instant hourAgo = NOW.minusSeconds(3600);
        ServedTasks whole = catalog.userServed("q0", hourAgo, NOW, ServedTasks.LIMIT);
        assertThat(whole.partial()).isFalse();
        assertThat(whole.from()).isEqualTo(hourAgo);
        assertThat(whole.sum()).isEqualTo(360);
        assertThat(whole.users())
                .extracting(UserServed::user)
                .containsExactly("u0", "u10", "u15", "u20", "u25", "u30", "u35", "u40", "u45", "u5");

        ServedTasks latest = catalog.userServed("q0", hourAgo, NOW, 100);
        assertThat(latest.partial()).isTrue();
        assertThat(latest.sum()).isEqualTo(100);
        // The 100 that ended last: g from 20,000 down, two in every twenty (g = 19,990, 19,985, ...), so 50 twenties
        assertThat(latest.from()).isEqualTo(Instant.ofEpochSecond(ROWS - 50 * 20 + 5));
        assertThat(latest.to()).isEqualTo(NOW);
    }
}
