package dev.tide.spring;

import dev.tide.core.Tide;
import dev.tide.core.time.ManualClock;
import io.micrometer.core.instrument.MeterRegistry;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;

/**
 * The engine, its handlers and workers, from {@code tide.*}: what both starters register. Each starter adds what its
 * Boot line needs of its own (the health indicator's API, the embedded server).
 *
 * <ul>
 *   <li>{@link Tide}: opened from the properties with the application's {@link MeterRegistry} (Tide's meters then show
 *       at {@code /actuator/metrics}), its queues and task types defined; closed with the context.
 *   <li>{@link TideHandlerCollector}: the {@link TideHandler} methods and {@code TaskHandler} beans.
 *   <li>{@link TideWorkers}: a worker pool per queue with handlers, stopped gracefully with the context.
 *   <li>{@link TideTestSupport} and its {@link ManualClock}, with {@code tide.test-support.enabled=true}.
 * </ul>
 */
@AutoConfiguration
@EnableConfigurationProperties(TideProperties.class)
public class TideAutoConfiguration {

    /** Static: a post-processor is made before the other beans, without making this configuration early. */
    @Bean
    static TideHandlerCollector tideHandlerCollector() {
        return new TideHandlerCollector();
    }

    @Bean(destroyMethod = "close")
    @ConditionalOnMissingBean
    Tide tide(
            TideProperties properties,
            ObjectProvider<ManualClock> testClock,
            ObjectProvider<MeterRegistry> meterRegistry) {
        Tide tide = TideEngineFactory.open(properties, testClock.getIfAvailable(), meterRegistry.getIfAvailable());
        try {
            TideDefinitions.apply(tide, properties);
        } catch (RuntimeException e) {
            tide.close();
            throw e;
        }
        return tide;
    }

    @Bean
    @ConditionalOnBooleanProperty(name = "tide.workers.enabled", matchIfMissing = true)
    @ConditionalOnBooleanProperty(name = "tide.test-support.enabled", havingValue = false, matchIfMissing = true)
    TideWorkers tideWorkers(Tide tide, TideProperties properties, TideHandlerCollector handlers) {
        return new TideWorkers(tide, properties.getWorkers(), handlers);
    }

    @Bean
    @ConditionalOnBooleanProperty(name = "tide.test-support.enabled")
    ManualClock tideTestClock() {
        return new ManualClock(Instant.now().truncatedTo(ChronoUnit.MILLIS));
    }

    @Bean
    @ConditionalOnBooleanProperty(name = "tide.test-support.enabled")
    TideTestSupport tideTestSupport(Tide tide, ManualClock tideTestClock, TideHandlerCollector handlers) {
        return new TideTestSupport(tide, tideTestClock, handlers);
    }
}
