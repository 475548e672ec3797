package dev.tide.server;

import dev.tide.api.worker.TaskHandler;
import java.util.List;
import java.util.Map;

/**
 * Handlers a {@link TideNode} runs in its own process, found with {@link java.util.ServiceLoader} on the server's
 * class path (register the implementation in {@code META-INF/services/dev.tide.server.WorkerPlugin}). A plugin that has
 * nothing to contribute in this process returns no pools.
 */
public interface WorkerPlugin {
    /** The pools to run; called once when the node starts. */
    List<Pool> pools();

    /**
     * One worker pool.
     *
     * @param queue the queue it claims from
     * @param concurrency handlers running at once
     * @param handlers handler per task type
     */
    record Pool(String queue, int concurrency, Map<String, TaskHandler> handlers) {}
}
