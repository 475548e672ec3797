package dev.tide.spring.boot4;

import dev.tide.core.Tide;
import dev.tide.spring.TideAutoConfiguration;
import dev.tide.spring.TideProperties;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.health.autoconfigure.contributor.ConditionalOnEnabledHealthIndicator;
import org.springframework.context.annotation.Bean;

/**
 * Tide's health indicator, when the application has Spring Boot 4's health support (Actuator), unless
 * {@code management.health.tide.enabled=false}.
 */
@AutoConfiguration(after = TideAutoConfiguration.class)
@ConditionalOnClass(name = "org.springframework.boot.health.contributor.HealthIndicator")
@ConditionalOnBean(Tide.class)
@ConditionalOnEnabledHealthIndicator("tide")
public class TideHealthAutoConfiguration {

    @Bean
    @ConditionalOnMissingBean(name = "tideHealthIndicator")
    TideHealthIndicator tideHealthIndicator(Tide tide, TideProperties properties) {
        return new TideHealthIndicator(tide, properties.getHealth());
    }
}
