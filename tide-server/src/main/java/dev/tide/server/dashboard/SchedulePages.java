package dev.tide.server.dashboard;

import java.util.List;

/** Recurring tasks: each schedule with its next firings, last firing and task; pause and resume. */
final class SchedulePages {
    private static final int NEXT_FIRINGS = 5;

    void addTo(PageRoutes pages) {
        pages.get("/schedules", page -> {
            page.view().requireReader("schedules");
            var schedules = page.view().queue().schedules();
            List<ScheduleLine> lines = schedules.list().stream()
                    .map(s -> new ScheduleLine(s, schedules.firings(s.schedule().name(), NEXT_FIRINGS)))
                    .toList();
            page.render("schedules.jte", "schedules", lines);
        });
        pages.post("/schedules/{name}/pause", page -> {
            page.view().requireAdmin("pause a schedule");
            String name = page.view()
                    .queue()
                    .schedules()
                    .pause(page.pathParam("name"))
                    .schedule()
                    .name();
            page.redirect("/schedules", "Schedule " + name + " paused.");
        });
        pages.post("/schedules/{name}/resume", page -> {
            page.view().requireAdmin("resume a schedule");
            String name = page.view()
                    .queue()
                    .schedules()
                    .resume(page.pathParam("name"))
                    .schedule()
                    .name();
            page.redirect("/schedules", "Schedule " + name + " resumed.");
        });
    }
}
