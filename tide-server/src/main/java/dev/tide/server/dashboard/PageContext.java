package dev.tide.server.dashboard;

import io.javalin.http.Context;
import java.util.HashMap;
import java.util.Map;

/** One dashboard request, once its session is known: the page's view of the queue and what renders it. */
final class PageContext {
    private final Context ctx;
    private final CallerView view;
    private final Viewer viewer;
    private final Renderer renderer;

    PageContext(Context ctx, CallerView view, Viewer viewer, Renderer renderer) {
        this.ctx = ctx;
        this.view = view;
        this.viewer = viewer;
        this.renderer = renderer;
    }

    Context ctx() {
        return ctx;
    }

    CallerView view() {
        return view;
    }

    Viewer viewer() {
        return viewer;
    }

    /** Renders {@code template} with the viewer and the given parameters (name, value, name, value...). */
    void render(String template, Object... namesAndValues) {
        Map<String, Object> params = new HashMap<>();
        params.put("viewer", viewer);
        for (int i = 0; i < namesAndValues.length; i += 2) {
            params.put((String) namesAndValues[i], namesAndValues[i + 1]);
        }
        ctx.html(renderer.render(template, params));
    }

    /** After a change: back to a page (303, so a reload does not repeat the change), saying what was done. */
    void redirect(String relative, String notice) {
        String target = viewer.path(relative);
        if (notice != null) {
            target += (target.contains("?") ? "&" : "?") + "notice=" + Urls.encode(notice);
        }
        ctx.redirect(target, io.javalin.http.HttpStatus.SEE_OTHER);
    }

    long id() {
        return Numbers.positive("id", ctx.pathParam("id"));
    }

    /** A form field's whole number; null when left empty. */
    Integer formNumber(String name) {
        return Numbers.whole(name, form(name));
    }

    /** A query parameter's positive whole number; null when missing. */
    Long queryId(String name) {
        return Numbers.positive(name, query(name));
    }

    String pathParam(String name) {
        return ctx.pathParam(name);
    }

    /** A form field, stripped; null when missing or blank. */
    String form(String name) {
        String value = ctx.formParam(name);
        return value == null || value.isBlank() ? null : value.strip();
    }

    /** A query parameter, stripped; null when missing or blank. */
    String query(String name) {
        String value = ctx.queryParam(name);
        return value == null || value.isBlank() ? null : value.strip();
    }
}
