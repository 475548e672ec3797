package dev.tide.server.dashboard;

import dev.tide.api.EventQuery;
import dev.tide.api.JobInfo;
import dev.tide.api.JobQuery;
import dev.tide.api.Page;

/**
 * Jobs: a list filtered by state, type, owner and overdue, paged by cursor; and one job with its progress bar, counts by outcome, deadline and info JSON, a link to its
 * tasks (the task list filtered by the job), and cancel, and the alerts and events of the job and its tasks. The numbers refresh by themselves while it is open.
 */
final class JobPages {

    void addTo(PageRoutes pages) {
        pages.get("/jobs", this::list);
        pages.get("/jobs/{id}", this::show);
        pages.post("/jobs/{id}/cancel", page -> {
            JobInfo job = page.view().cancelJob(page.id(), page.form("reason"));
            page.redirect("/jobs/" + job.id(), "Job " + job.id() + " cancelled.");
        });
    }

    private void list(PageContext page) {
        JobFilter filter = JobFilter.from(page);
        JobQuery query = filter.query();
        String cursor = page.query("cursor");
        if (cursor != null) {
            query = query.withCursor(cursor);
        }
        Page<JobInfo> jobs = page.view().jobs(query);
        page.render("jobs.jte", "filter", filter, "jobs", jobs, "firstPage", cursor == null);
    }

    private void show(PageContext page) {
        JobInfo job = page.view().job(page.id());
        page.render(
                "job.jte",
                "job",
                job,
                "info",
                TaskPages.pretty(job.info()),
                "events",
                page.view().events(EventQuery.recent().withJobId(job.id())));
    }
}
