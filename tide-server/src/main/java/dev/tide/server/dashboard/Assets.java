package dev.tide.server.dashboard;

import dev.tide.api.NotFoundException;
import io.javalin.http.Context;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Map;

/**
 * The dashboard's scripts and style sheet: its own, and htmx and Chart.js from their WebJars (the Maven registry, no
 * Node build). Served by name from a fixed list, so no path a request makes up reaches the class path.
 */
final class Assets {
    private static final String OWN = "/dev/tide/server/dashboard/assets/";
    private static final String WEBJARS = "/META-INF/resources/webjars/";

    /** Name in the dashboard's URLs -> where it is on the class path, and its type. */
    private static final Map<String, Asset> ASSETS = Map.of(
            "dashboard.css",
            new Asset(OWN + "dashboard.css", "text/css; charset=utf-8"),
            "dashboard.js",
            new Asset(OWN + "dashboard.js", "text/javascript; charset=utf-8"),
            "week-grid.css",
            new Asset(OWN + "week-grid.css", "text/css; charset=utf-8"),
            "week-grid.js",
            new Asset(OWN + "week-grid.js", "text/javascript; charset=utf-8"),
            "htmx.min.js",
            new Asset(WEBJARS + "htmx.org/2.0.10/dist/htmx.min.js", "text/javascript; charset=utf-8"),
            "chart.umd.min.js",
            new Asset(WEBJARS + "chart.js/4.5.1/dist/chart.umd.min.js", "text/javascript; charset=utf-8"));

    private record Asset(String resource, String type) {}

    private final Map<String, byte[]> loaded;

    Assets(String basePath) {
        this.loaded = ASSETS.entrySet().stream()
                .collect(java.util.stream.Collectors.toUnmodifiableMap(Map.Entry::getKey, e -> read(e.getValue())));
    }

    void addTo(PageRoutes pages) {
        pages.openGet("/assets/{name}", this::serve);
    }

    private void serve(Context ctx) {
        String name = ctx.pathParam("name");
        Asset asset = ASSETS.get(name);
        if (asset == null) {
            throw new NotFoundException("asset " + name);
        }
        ctx.header("Cache-Control", "public, max-age=3600");
        ctx.contentType(asset.type()).result(loaded.get(name));
    }

    private static byte[] read(Asset asset) {
        try (InputStream in = Assets.class.getResourceAsStream(asset.resource())) {
            if (in == null) {
                throw new IllegalStateException(
                        "the dashboard's asset " + asset.resource() + " is not on the class path");
            }
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
