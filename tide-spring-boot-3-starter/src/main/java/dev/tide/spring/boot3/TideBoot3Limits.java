package dev.tide.spring.boot3;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.context.annotation.Bean;

/**
 * What Tide cannot do on the versions Spring Boot 3.5 manages, said once at start-up when the application asks for it.
 * Tide's embedded HTTP server runs on Javalin 7, which needs Jetty 12.1; Boot 3.5's BOM pins Jetty 12.0, so
 * {@code tide.server.enabled=true} is refused with a warning and everything else starts: the engine, the workers, the
 * health indicator and the meters. A separate {@code tide server} process over the same store serves the API and the
 * dashboard, or the application moves to the Spring Boot 4 starter.
 */
@AutoConfiguration
@ConditionalOnBooleanProperty(name = "tide.server.enabled")
public class TideBoot3Limits {
    public static final String SERVER_UNAVAILABLE = "Tide's embedded HTTP server needs Jetty 12.1; Spring Boot 3.5 "
            + "manages Jetty 12.0: tide.server.enabled is not available, the engine and workers run (run `tide server` "
            + "on the same store for the API and dashboard, or use tide-spring-boot-4-starter)";

    private static final Logger log = LoggerFactory.getLogger(TideBoot3Limits.class);

    /** The notice, as a bean so that it is given once per application context. */
    public record EmbeddedServerUnavailable(String message) {}

    @Bean
    EmbeddedServerUnavailable tideEmbeddedServerUnavailable() {
        log.warn(SERVER_UNAVAILABLE);
        return new EmbeddedServerUnavailable(SERVER_UNAVAILABLE);
    }
}
