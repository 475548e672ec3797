package dev.tide.spring;

import dev.tide.api.TaskQueue;
import dev.tide.config.FileObjects;
import dev.tide.config.LoadedSettings;
import dev.tide.core.Tide;
import dev.tide.core.time.ManualClock;
import io.micrometer.core.instrument.MeterRegistry;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import javax.sql.DataSource;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnSingleCandidate;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Primary;
import org.springframework.core.env.ConfigurableEnvironment;

/**
 * The engine, its handlers and workers, from {@code tide.*}: what both starters register. Each starter adds what its
 * Boot line needs of its own (the health indicator's API, the embedded server).
 *
 * <ul>
 *   <li>{@link LoadedSettings} ({@code tideSettings}): {@code tide.*} from every property source, read and checked as
 *       {@code tide server --config} reads its file ({@link SpringSettings}); a bad value or an unknown key stops the
 *       application with one line naming it.
 *   <li>{@link Tide}: opened from the settings with the application's {@link MeterRegistry} (Tide's meters then show
 *       at {@code /actuator/metrics}), the queues, types, profiles, schedules and processors the settings name created
 *       or updated; closed with the context.
 *   <li>{@link TideHandlerCollector}: the {@link TideHandler} methods and {@code TaskHandler} beans.
 *   <li>{@link TideWorkers}: a worker pool per queue with handlers, stopped gracefully with the context.
 *   <li>{@link TransactionJoiningQueue}: the application's {@code TaskQueue}, joining its {@code @Transactional}
 *       methods when it has one {@link DataSource} and spring-jdbc.
 *   <li>{@link TideTestSupport} and its {@link ManualClock}, with {@code tide.test-support.enabled=true}.
 * </ul>
 */
// After the application's DataSource (Boot 3's and Boot 4's auto-configuration), which Tide may store in and join.
@AutoConfiguration(
        afterName = {
            "org.springframework.boot.autoconfigure.jdbc.DataSourceAutoConfiguration",
            "org.springframework.boot.jdbc.autoconfigure.DataSourceAutoConfiguration"
        })
@EnableConfigurationProperties(TideProperties.class)
public class TideAutoConfiguration {

    /** Static: a post-processor is made before the other beans, without making this configuration early. */
    @Bean
    static TideHandlerCollector tideHandlerCollector() {
        return new TideHandlerCollector();
    }

    @Bean
    LoadedSettings tideSettings(ConfigurableEnvironment environment) {
        return SpringSettings.read(environment);
    }

    @Bean(destroyMethod = "close")
    @ConditionalOnMissingBean
    Tide tide(
            LoadedSettings tideSettings,
            ObjectProvider<ManualClock> testClock,
            ObjectProvider<MeterRegistry> meterRegistry,
            ObjectProvider<DataSource> dataSource,
            ConfigurableEnvironment environment) {
        Tide tide = TideEngineFactory.open(
                tideSettings,
                SpringSettings.variables(environment),
                testClock.getIfAvailable(),
                meterRegistry.getIfAvailable(),
                dataSource.getIfUnique());
        try {
            FileObjects.apply(tide, tideSettings.settings(), SpringSettings.LABEL);
        } catch (RuntimeException e) {
            tide.close();
            throw e;
        }
        return tide;
    }

    /**
     * The {@code TaskQueue} the application injects (the engine, {@link Tide}, is one too: injected by its own type it
     * does not join). Inside a transaction on a store other than the application's database, calls are refused.
     */
    @Configuration(proxyBeanMethods = false)
    @ConditionalOnClass(name = "org.springframework.jdbc.datasource.DataSourceUtils")
    @ConditionalOnSingleCandidate(DataSource.class)
    static class TransactionJoining {
        @Bean
        @Primary
        TaskQueue tideTaskQueue(Tide tide, DataSource dataSource) {
            return TransactionJoiningQueue.create(tide, dataSource);
        }
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
