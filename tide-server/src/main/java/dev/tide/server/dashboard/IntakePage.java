package dev.tide.server.dashboard;

import dev.tide.api.Intake;
import dev.tide.api.IntakeFileQuery;

/**
 * Folder intake: on or off, the files taken and refused so far, and the recent files themselves, newest first, each
 * with the task it became or why it was refused, paged by cursor.
 */
final class IntakePage {
    static final int PAGE = 50;

    void addTo(PageRoutes pages) {
        pages.get("/intake", page -> {
            page.view().requireReader("the intake");
            Intake intake = page.view().queue().intake();
            String cursor = page.query("cursor");
            page.render(
                    "intake.jte",
                    "status",
                    intake.status(),
                    "files",
                    intake.files(new IntakeFileQuery(PAGE, cursor)),
                    "firstPage",
                    cursor == null);
        });
        pages.post("/intake/{state}", page -> {
            page.view().requireAdmin("switch the intake");
            boolean on = switch (page.pathParam("state")) {
                case "on" -> true;
                case "off" -> false;
                default -> throw new dev.tide.api.NotFoundException("page intake/" + page.pathParam("state"));
            };
            page.view().queue().intake().switchTo(on);
            page.redirect("/intake", on ? "Intake switched on." : "Intake switched off.");
        });
    }
}
