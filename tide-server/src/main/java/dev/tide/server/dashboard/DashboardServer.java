package dev.tide.server.dashboard;

import io.javalin.Javalin;
import java.net.URI;

/** A dashboard served on its own port, for an application that embeds Tide; closing it stops serving. */
public final class DashboardServer implements AutoCloseable {
    private final Javalin javalin;
    private final String host;
    private final String basePath;

    private DashboardServer(Javalin javalin, String host, String basePath) {
        this.javalin = javalin;
        this.host = host;
        this.basePath = basePath;
    }

    static DashboardServer start(Dashboard dashboard, String host, int port) {
        Javalin javalin = Javalin.create(config -> {
            config.startup.showJavalinBanner = false;
            config.startup.startupWatcherEnabled = false;
            config.jetty.host = host;
            config.jetty.port = port;
            config.concurrency.useVirtualThreads = true;
            dashboard.addTo(config.routes);
        });
        javalin.start();
        return new DashboardServer(javalin, host, dashboard.settings().basePath());
    }

    public int port() {
        return javalin.port();
    }

    /** The dashboard's start page, e.g. {@code http://127.0.0.1:8081/ui}. */
    public URI uri() {
        String h = host.contains(":") ? "[" + host + "]" : host;
        return URI.create("http://" + h + ":" + port() + basePath);
    }

    @Override
    public void close() {
        javalin.stop();
    }
}
