package dev.tide.core.contract;

import dev.tide.core.TideConfig;
import java.time.InstantSource;

/** Opens a fresh, empty queue for each test. */
@FunctionalInterface
public interface FixtureFactory {
    /**
     * @param clock the engine's clock: a {@link dev.tide.core.time.ManualClock} for time-dependent tests
     * @param config engine settings; contract tests turn the maintenance thread off and drive it themselves
     */
    QueueFixture open(InstantSource clock, TideConfig config);
}
