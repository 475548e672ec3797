package dev.tide.spring.boot4;

import dev.tide.config.LoadedSettings;
import dev.tide.config.TideSettings;
import dev.tide.core.Tide;
import dev.tide.server.TideServer;
import dev.tide.server.dashboard.Dashboard;
import dev.tide.server.dashboard.DashboardSettings;
import dev.tide.spring.TideAutoConfiguration;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingClass;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * Tide's own HTTP API (and the dashboard under {@code tide.dashboard.base-path}) on {@code tide.server.host} and {@code
 * tide.server.port}, beside the application's web server, with {@code tide.server.enabled=true} and {@code
 * dev.tide:tide-server} on the classpath. Its callers sign in with Tide's accounts (docs/security.md); it closes before
 * the engine.
 */
@AutoConfiguration(after = TideAutoConfiguration.class)
@ConditionalOnBooleanProperty(name = "tide.server.enabled")
public class TideServerAutoConfiguration {

    @Configuration(proxyBeanMethods = false)
    @ConditionalOnClass(name = "dev.tide.server.TideServer")
    static class Embedded {
        @Bean(destroyMethod = "close")
        TideServer tideServer(Tide tide, LoadedSettings tideSettings) {
            JettyRequirement.check(org.eclipse.jetty.util.Jetty.VERSION);
            TideSettings settings = tideSettings.settings();
            TideServer.Builder server = TideServer.builder(tide)
                    .host(settings.server().host())
                    .port(settings.server().port());
            dev.tide.config.DashboardSettings dashboard = settings.dashboard();
            if (dashboard.enabled()) {
                server.routes(Dashboard.mount(DashboardSettings.DEFAULTS
                        .withBasePath(dashboard.basePath())
                        .withSessionIdleTimeout(dashboard.sessionIdleTimeout())
                        .withSessionMaxAge(dashboard.sessionMaxAge())
                        .withSecureCookies(dashboard.secureCookies())));
            }
            return server.build().start();
        }
    }

    @Configuration(proxyBeanMethods = false)
    @ConditionalOnMissingClass("dev.tide.server.TideServer")
    static class Missing {
        @Bean
        Object tideServer() {
            throw new IllegalStateException(
                    "tide.server.enabled=true needs Tide's server on the classpath: add the "
                            + "dependency dev.tide:tide-server (same version as the starter), or set tide.server.enabled=false");
        }
    }
}
