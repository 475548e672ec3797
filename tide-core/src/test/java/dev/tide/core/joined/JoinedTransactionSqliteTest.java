package dev.tide.core.joined;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tide.api.NewTask;
import dev.tide.api.TaskCount;
import dev.tide.api.TaskQuery;
import dev.tide.api.TaskState;
import dev.tide.core.Tide;
import dev.tide.core.TideConfig;
import dev.tide.core.TransactionJoinException;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** On SQLite the application's writes join Tide's only in a transaction Tide opens: {@link Tide#transaction}. */
class JoinedTransactionSqliteTest {
    @TempDir
    Path folder;

    private Tide tide;

    @BeforeEach
    void open() {
        tide = Tide.builder()
                .sqlite(folder)
                .config(TideConfig.defaults().withMaintenanceInterval(null))
                .build();
        tide.transaction((c, queue) -> {
            try (Statement st = c.createStatement()) {
                st.execute("CREATE TABLE app_orders (id INTEGER PRIMARY KEY, task_id INTEGER)");
            }
            return null;
        });
    }

    @AfterEach
    void close() {
        tide.close();
    }

    private static void insertOrder(Connection c, long id, Long taskId) throws SQLException {
        try (var ps = c.prepareStatement("INSERT INTO app_orders (id, task_id) VALUES (?, ?)")) {
            ps.setLong(1, id);
            ps.setObject(2, taskId);
            ps.executeUpdate();
        }
    }

    private long orders() {
        return tide.transaction((c, queue) -> {
            try (Statement st = c.createStatement();
                    ResultSet rs = st.executeQuery("SELECT count(*) FROM app_orders")) {
                rs.next();
                return rs.getLong(1);
            }
        });
    }

    private long tasks() {
        TaskCount count = tide.countTasks(TaskQuery.all());
        return count.value();
    }

    @Test
    void theApplicationsRowAndTheTaskCommitTogether() {
        long id = tide.transaction((c, queue) -> {
            long task = queue.enqueue(NewTask.of("mail", Map.of())).task().id();
            insertOrder(c, 1, task);
            // Reads inside the work see its own writes.
            assertThat(queue.task(task).state()).isEqualTo(TaskState.READY);
            return task;
        });
        assertThat(tide.task(id).state()).isEqualTo(TaskState.READY);
        assertThat(orders()).isEqualTo(1);
    }

    @Test
    void anExceptionRollsBothBackAndPropagates() {
        assertThatThrownBy(() -> tide.transaction((c, queue) -> {
                    queue.enqueue(NewTask.of("mail", Map.of()));
                    insertOrder(c, 1, null);
                    throw new IllegalStateException("out of stock");
                }))
                .isInstanceOf(IllegalStateException.class)
                .hasMessage("out of stock");
        assertThat(orders()).isZero();
        assertThat(tasks()).isZero();
    }

    @Test
    void theWorkCannotEndTideTransaction() {
        assertThatThrownBy(() -> tide.transaction((c, queue) -> {
                    insertOrder(c, 1, null);
                    c.commit();
                    return null;
                }))
                .hasMessageContaining("commit is Tide's");
        assertThat(orders()).isZero();
    }

    @Test
    void aFailingWorkTakesBackNoOneElsesWritesCommittedWithIt() throws Exception {
        AtomicBoolean running = new AtomicBoolean(true);
        ExecutorService producers = Executors.newFixedThreadPool(4);
        List<Future<Integer>> enqueued = new ArrayList<>();
        for (int p = 0; p < 4; p++) {
            enqueued.add(producers.submit(() -> {
                int n = 0;
                while (running.get()) {
                    tide.enqueue(NewTask.of("other", Map.of()));
                    n++;
                }
                return n;
            }));
        }
        int failed = 0;
        for (int i = 0; i < 20; i++) {
            try {
                int order = i;
                tide.transaction((c, queue) -> {
                    queue.enqueue(NewTask.of("mail", Map.of()));
                    insertOrder(c, order, null);
                    java.util.concurrent.locks.LockSupport.parkNanos(
                            5_000_000); // other callers' writes queue up and share this group's commit
                    throw new IllegalStateException("rolled back");
                });
            } catch (IllegalStateException e) {
                failed++;
            }
        }
        running.set(false);
        int total = 0;
        for (Future<Integer> f : enqueued) {
            total += f.get();
        }
        producers.shutdown();
        assertThat(failed).isEqualTo(20);
        assertThat(total).isPositive();
        assertThat(tide.countTasks(TaskQuery.all().withType("other")).value()).isEqualTo(total);
        assertThat(tide.countTasks(TaskQuery.all().withType("mail")).value()).isZero();
        assertThat(orders()).isZero();
    }

    @Test
    void joiningAConnectionIsRefusedWithTheWayThatWorks() throws SQLException {
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + folder.resolve("tide.db"))) {
            c.setAutoCommit(false);
            assertThatThrownBy(() -> tide.joining(c))
                    .isInstanceOf(TransactionJoinException.class)
                    .hasMessage("connection: SQLite: Tide cannot join a transaction on a connection it does not own;"
                            + " use Tide.transaction(work)");
        }
    }
}
