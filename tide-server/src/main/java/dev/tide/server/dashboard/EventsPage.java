package dev.tide.server.dashboard;

import dev.tide.api.EventQuery;
import dev.tide.api.TideEvent;
import java.util.List;

/** The event log, newest first, filtered by kind, actor, task and job, paged back by the last id of the page before. */
final class EventsPage {
    static final int PAGE = 100;

    void addTo(PageRoutes pages) {
        pages.get("/events", page -> {
            page.view().requireReader("the event log");
            String kind = page.query("kind");
            String actor = page.query("actor");
            Long task = page.queryId("task");
            Long job = page.queryId("job");
            List<TideEvent> events = page.view()
                    .queue()
                    .monitoring()
                    .events(new EventQuery(kind, page.queryId("before"), PAGE)
                            .withTaskId(task)
                            .withJobId(job)
                            .withActor(actor));
            Long older = events.size() == PAGE ? events.get(events.size() - 1).id() : null;
            page.render(
                    "events.jte",
                    "events",
                    events,
                    "filter",
                    Urls.query("kind", kind, "actor", actor, "task", task, "job", job),
                    "kind",
                    kind == null ? "" : kind,
                    "actor",
                    actor == null ? "" : actor,
                    "task",
                    task == null ? "" : task.toString(),
                    "job",
                    job == null ? "" : job.toString(),
                    "older",
                    older);
        });
    }
}
