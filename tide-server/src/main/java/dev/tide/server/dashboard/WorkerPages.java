package dev.tide.server.dashboard;

import dev.tide.api.InvalidRequestException;
import dev.tide.api.TaskInfo;
import dev.tide.api.TaskQuery;
import dev.tide.api.TaskState;
import java.time.Instant;
import java.time.InstantSource;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Workers and the leases each holds, with how long each has left (or how long ago it ran out: a worker that died
 * holding it, seed 001's abandoned lock, until the next maintenance pass hands the task back). Administrators release a
 * worker's leases from here.
 */
final class WorkerPages {
    /** The leases one page shows; a service with more sees the first ones, and says so. */
    static final int MAX_LEASES = 1000;

    private final InstantSource clock;

    WorkerPages(InstantSource clock) {
        this.clock = clock;
    }

    void addTo(PageRoutes pages) {
        pages.get("/workers", page -> {
            page.view().requireReader("workers");
            List<TaskInfo> leased = page.view()
                    .tasks(TaskQuery.all()
                            .withState(TaskState.LEASED)
                            .sortedBy(TaskQuery.Sort.ID, false)
                            .withLimit(MAX_LEASES))
                    .items();
            Map<String, List<TaskInfo>> byWorker = new TreeMap<>();
            for (TaskInfo task : leased) {
                byWorker.computeIfAbsent(String.valueOf(task.leaseOwner()), w -> new java.util.ArrayList<>())
                        .add(task);
            }
            Instant now = clock.instant();
            page.render(
                    "workers.jte",
                    "workers",
                    byWorker.entrySet().stream()
                            .map(e -> new WorkerLeases(e.getKey(), e.getValue(), now))
                            .toList(),
                    "truncated",
                    leased.size() == MAX_LEASES);
        });
        pages.post("/workers/{worker}/release", page -> {
            page.view().requireAdmin("release a worker's leases");
            String worker = page.pathParam("worker");
            if (worker.isBlank() || worker.length() > 200) {
                throw new InvalidRequestException("worker", "must be 1 to 200 characters");
            }
            int released = page.view().queue().releaseLeases(worker);
            page.redirect("/workers", released + " leases of " + worker + " released: their tasks are ready again.");
        });
    }
}
