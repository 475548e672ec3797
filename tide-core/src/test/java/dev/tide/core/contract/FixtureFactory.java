package dev.tide.core.contract;

import dev.tide.core.TideConfig;
import dev.tide.core.time.ManualClock;

/** Opens a fresh, empty queue for each test. */
@FunctionalInterface
public interface FixtureFactory {
    /**
     * @param config engine settings; maintenance is off ({@code maintenanceInterval == null}) so tests drive it
     */
    QueueFixture open(ManualClock clock, TideConfig config);
}
