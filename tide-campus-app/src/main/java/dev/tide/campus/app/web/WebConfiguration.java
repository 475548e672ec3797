package dev.tide.campus.app.web;

import dev.tide.campus.app.CampusProperties;
import dev.tide.config.DashboardSettings;
import dev.tide.config.LoadedSettings;
import dev.tide.server.TideServer;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** The pages' frame: where Tide's dashboard is, and whether the demo runs. */
@Configuration(proxyBeanMethods = false)
class WebConfiguration {

    /** The dashboard's address from the server the starter started (its real port) and {@code tide.dashboard.*}. */
    @Bean
    Site campusSite(ObjectProvider<TideServer> tideServer, LoadedSettings tideSettings, CampusProperties campus) {
        TideServer server = tideServer.getIfAvailable();
        DashboardSettings dashboard = tideSettings.settings().dashboard();
        String url = server == null || !dashboard.enabled()
                ? null
                : server.uri().resolve(dashboard.basePath()).toString();
        return new Site(url, campus.demo());
    }
}
