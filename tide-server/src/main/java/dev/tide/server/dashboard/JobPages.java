package dev.tide.server.dashboard;

import dev.tide.api.JobInfo;
import java.util.List;

/**
 * Jobs: the open ones, and one job with its progress bar, counts by outcome, deadline and info JSON, a link to its
 * tasks (the task list filtered by the job), and cancel. The page's numbers refresh by themselves while it is open.
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
        List<JobInfo> open = page.view().queue().monitoring().status().openJobs().stream()
                .filter(job -> page.view().seesAll() || page.viewer().user().equals(job.owner()))
                .toList();
        page.render("jobs.jte", "jobs", open);
    }

    private void show(PageContext page) {
        JobInfo job = page.view().job(page.id());
        page.render("job.jte", "job", job, "info", TaskPages.pretty(job.info()));
    }
}
