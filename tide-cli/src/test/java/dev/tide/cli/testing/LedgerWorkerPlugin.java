package dev.tide.cli.testing;

import dev.tide.api.worker.TaskHandler;
import dev.tide.core.testing.Ledger;
import dev.tide.server.WorkerPlugin;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A worker plugin for tests of whole server processes: when {@code TIDE_TEST_LEDGER} names a JDBC URL, the server runs
 * handlers for the types in {@code TIDE_TEST_TYPES} (default {@code work}) that record each execution in that ledger,
 * after sleeping {@code TIDE_TEST_TASK_MILLIS} (default 0). Without the variable it contributes nothing.
 */
public final class LedgerWorkerPlugin implements WorkerPlugin {
    @Override
    public List<Pool> pools() {
        String url = System.getenv("TIDE_TEST_LEDGER");
        if (url == null) {
            return List.of();
        }
        Ledger ledger = Ledger.open(url);
        long sleepMillis = Long.parseLong(System.getenv().getOrDefault("TIDE_TEST_TASK_MILLIS", "0"));
        int concurrency = Integer.parseInt(System.getenv().getOrDefault("TIDE_TEST_CONCURRENCY", "8"));
        String node = System.getenv().getOrDefault("TIDE_TEST_NODE", "node");
        TaskHandler handler = ctx -> {
            if (sleepMillis > 0) {
                Thread.sleep(sleepMillis);
            }
            ledger.record(ctx.task().id(), ctx.lease().token(), node);
        };
        Map<String, TaskHandler> handlers = new LinkedHashMap<>();
        Arrays.stream(System.getenv().getOrDefault("TIDE_TEST_TYPES", "work").split(","))
                .forEach(type -> handlers.put(type.trim(), handler));
        return List.of(new Pool("default", concurrency, handlers));
    }
}
