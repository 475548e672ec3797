package dev.tide.campus.app.web;

import dev.tide.campus.app.CampusProperties;
import dev.tide.server.TideServer;
import dev.tide.spring.TideProperties;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** The pages' frame: where Tide's dashboard is, and whether the demo runs. */
@Configuration(proxyBeanMethods = false)
class WebConfiguration {

    @Bean
    Site campusSite(ObjectProvider<TideServer> tideServer, TideProperties tide, CampusProperties campus) {
        TideServer server = tideServer.getIfAvailable();
        String dashboard = server == null || !tide.getDashboard().isEnabled()
                ? null
                : "http://" + tide.getServer().getHost() + ":" + server.port()
                        + tide.getDashboard().getBasePath();
        return new Site(dashboard, campus.demo());
    }
}
