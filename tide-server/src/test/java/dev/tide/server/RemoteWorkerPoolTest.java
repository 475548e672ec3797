package dev.tide.server;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tide.api.NewTask;
import dev.tide.api.Outcome;
import dev.tide.api.TaskInfo;
import dev.tide.api.TaskQuery;
import dev.tide.api.worker.WorkerPool;
import dev.tide.client.TideClient;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/** The worker runtime, unchanged, on remote queues: two pools, each with its own client, share one server. */
class RemoteWorkerPoolTest extends HttpTestBase {
    private static final int TASKS = 400;

    private final Set<Long> ran = ConcurrentHashMap.newKeySet();
    private final AtomicInteger duplicates = new AtomicInteger();

    private WorkerPool pool(TideClient queue, String name) {
        return WorkerPool.builder(queue)
                .workerName(name)
                .concurrency(8)
                .pollWait(Duration.ofSeconds(1))
                .shutdownGrace(Duration.ofSeconds(10))
                .handler("work", ctx -> {
                    if (!ran.add(ctx.task().id())) {
                        duplicates.incrementAndGet();
                    }
                    ctx.result(Map.of("by", name));
                })
                .start();
    }

    @Test
    void remotePoolsRunEveryTaskExactlyOnce() throws Exception {
        List<NewTask> batch = IntStream.range(0, TASKS)
                .mapToObj(i -> NewTask.of("work", Map.of("i", i)))
                .toList();
        try (TideClient second = TideClient.builder(fixture.server().uri())
                        .token(fixture.adminToken())
                        .build();
                WorkerPool a = pool(client, "remote-a");
                WorkerPool b = pool(second, "remote-b")) {
            client.enqueueAll(batch.subList(0, TASKS / 2));
            second.enqueueAll(batch.subList(TASKS / 2, TASKS));

            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            while (succeeded() < TASKS && System.nanoTime() < deadline) {
                Thread.sleep(100);
            }

            assertThat(succeeded()).isEqualTo(TASKS);
            assertThat(a.succeededCount() + b.succeededCount()).isEqualTo(TASKS);
        }

        assertThat(duplicates).hasValue(0);
        assertThat(ran).hasSize(TASKS);
        List<TaskInfo> tasks = allTasks();
        assertThat(tasks).hasSize(TASKS).allSatisfy(t -> {
            assertThat(t.outcome()).isEqualTo(Outcome.SUCCEEDED);
            assertThat(t.attempts()).isEqualTo(1);
            assertThat(t.result()).contains("remote-");
        });
        assertThat(tasks).extracting(TaskInfo::id).containsExactlyInAnyOrderElementsOf(ran);
    }

    private long succeeded() {
        return engine.monitoring().status().queues().stream()
                .mapToLong(q -> q.succeeded())
                .sum();
    }

    private List<TaskInfo> allTasks() {
        List<TaskInfo> all = new ArrayList<>();
        TaskQuery query = TaskQuery.all().withLimit(TaskQuery.MAX_LIMIT);
        var page = engine.tasks(query);
        all.addAll(page.items());
        while (page.nextCursor() != null) {
            page = engine.tasks(query.withCursor(page.nextCursor()));
            all.addAll(page.items());
        }
        return all;
    }
}
