package dev.tide.server.dashboard;

import dev.tide.api.NotFoundException;
import io.javalin.http.Context;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Map;

/**
 * The week grid's own style sheet and script (cell colours, selecting cells to fill the entry form), served by name
 * from a fixed list beside the dashboard's assets.
 */
final class ProfileAssets {
    private static final String OWN = "/dev/tide/server/dashboard/assets/";
    private static final Map<String, String> TYPES =
            Map.of("week-grid.css", "text/css; charset=utf-8", "week-grid.js", "text/javascript; charset=utf-8");

    private final Map<String, byte[]> loaded = TYPES.keySet().stream()
            .collect(java.util.stream.Collectors.toUnmodifiableMap(name -> name, ProfileAssets::read));

    void addTo(PageRoutes pages) {
        pages.open("GET", "/profile-assets/{name}", this::serve);
    }

    private void serve(Context ctx) {
        String name = ctx.pathParam("name");
        if (!TYPES.containsKey(name)) {
            throw new NotFoundException("asset " + name);
        }
        ctx.header("Cache-Control", "public, max-age=3600");
        ctx.contentType(TYPES.get(name)).result(loaded.get(name));
    }

    private static byte[] read(String name) {
        try (InputStream in = ProfileAssets.class.getResourceAsStream(OWN + name)) {
            if (in == null) {
                throw new IllegalStateException("the dashboard's asset " + OWN + name + " is not on the class path");
            }
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
