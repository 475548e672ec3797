package dev.tide.spring.boot3;

import dev.tide.core.Tide;
import dev.tide.spring.TideHealthReading;
import dev.tide.spring.TideProperties;
import org.springframework.boot.actuate.health.Health;
import org.springframework.boot.actuate.health.HealthIndicator;

/**
 * {@code /actuator/health/tide}: DOWN when the store does not answer, OUT_OF_SERVICE when a queue's oldest ready task
 * has waited longer than {@code tide.health.max-lag}, else UP; the details give each queue's ready count and lag.
 */
public final class TideHealthIndicator implements HealthIndicator {
    private final Tide tide;
    private final TideProperties.Health settings;

    public TideHealthIndicator(Tide tide, TideProperties.Health settings) {
        this.tide = tide;
        this.settings = settings;
    }

    @Override
    public Health health() {
        TideHealthReading reading = TideHealthReading.read(tide, settings.getMaxLag());
        Health.Builder health = switch (reading.level()) {
            case UP -> Health.up();
            case DOWN -> Health.down();
            case OUT_OF_SERVICE -> Health.outOfService();
        };
        return health.withDetails(reading.details()).build();
    }
}
