package dev.tide.campus.app.web;

import dev.tide.campus.app.demo.DemoAdmin;
import java.io.PrintStream;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.context.event.ApplicationReadyEvent;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.context.ApplicationListener;
import org.springframework.core.env.Environment;
import org.springframework.stereotype.Component;

/**
 * Once the application is up, prints where it answers (the port it really got), where the dashboard is, and in the demo
 * how to sign in to it: the lines a person who ran {@code ./campus} looks for.
 */
@Component
public final class ReadyBanner implements ApplicationListener<ApplicationReadyEvent> {
    /** The first line's start, which scripts and tests wait for. */
    public static final String READY = "Campus application: ";

    private final Site site;
    private final ObjectProvider<DemoAdmin> demoAdmin;
    private final Environment environment;

    ReadyBanner(Site site, ObjectProvider<DemoAdmin> demoAdmin, Environment environment) {
        this.site = site;
        this.demoAdmin = demoAdmin;
        this.environment = environment;
    }

    @Override
    public void onApplicationEvent(ApplicationReadyEvent event) {
        if (!(event.getApplicationContext() instanceof WebServerApplicationContext web) || web.getWebServer() == null) {
            return;
        }
        String address = environment.getProperty("server.address", "localhost");
        String host = address.equals("0.0.0.0") || address.equals("::") ? "localhost" : address;
        print(System.out, "http://" + host + ":" + web.getWebServer().getPort() + "/");
    }

    private void print(PrintStream out, String url) {
        StringBuilder text = new StringBuilder(READY).append(url).append('\n');
        if (site.dashboardUrl() != null) {
            text.append("  Tide's dashboard: ").append(site.dashboardUrl());
            DemoAdmin admin = demoAdmin.getIfAvailable();
            if (admin != null) {
                text.append(" (sign in as ")
                        .append(admin.name())
                        .append(", password ")
                        .append(admin.password())
                        .append(')');
            }
            text.append('\n');
        }
        if (site.demo()) {
            text.append("  Demo: mail goes to the application's own SMTP server; what it received: ")
                    .append(url)
                    .append("demo/mailbox\n");
        }
        out.print(text);
        out.flush();
    }
}
