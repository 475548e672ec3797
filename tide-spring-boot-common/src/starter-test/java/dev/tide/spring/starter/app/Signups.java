package dev.tide.spring.starter.app;

import dev.tide.api.NewTask;
import dev.tide.api.TaskQueue;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

/** A transactional service method that saves the application's row and enqueues its task: both or neither. */
@Service
public class Signups {
    private final JdbcTemplate jdbc;
    private final TaskQueue queue;

    public Signups(JdbcTemplate jdbc, TaskQueue queue) {
        this.jdbc = jdbc;
        this.queue = queue;
    }

    /** Saves {@code name} and enqueues its greeting; {@code thenFail} throws after both, rolling them back. */
    @Transactional
    public long signUp(String name, boolean thenFail) {
        jdbc.update("INSERT INTO signups (name) VALUES (?)", name);
        long taskId =
                queue.enqueue(NewTask.of("greet", new Greeter.Greeting(name))).id();
        if (thenFail) {
            throw new IllegalStateException("the sign-up of " + name + " failed after its task was enqueued");
        }
        return taskId;
    }

    public int count(String name) {
        Integer n = jdbc.queryForObject("SELECT count(*) FROM signups WHERE name = ?", Integer.class, name);
        return n == null ? 0 : n;
    }

    public void createTable() {
        jdbc.execute("CREATE TABLE IF NOT EXISTS signups (name TEXT PRIMARY KEY)");
    }
}
