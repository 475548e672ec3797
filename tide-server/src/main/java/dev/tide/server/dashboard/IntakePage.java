package dev.tide.server.dashboard;

/** Folder intake: on or off, and the files taken and refused so far. */
final class IntakePage {

    void addTo(PageRoutes pages) {
        pages.get("/intake", page -> {
            page.view().requireReader("the intake");
            page.render("intake.jte", "status", page.view().queue().intake().status());
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
