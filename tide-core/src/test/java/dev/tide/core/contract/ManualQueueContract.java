package dev.tide.core.contract;

import dev.tide.api.TaskQueue;
import dev.tide.core.TideConfig;
import dev.tide.core.time.ManualClock;
import java.time.Instant;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;

/**
 * A contract on one queue whose clock the test moves and whose maintenance it runs by hand: each test gets a fresh
 * queue from the subclass's {@link #factory()} (a store, or a server over HTTP) at {@link #T0}.
 */
public abstract class ManualQueueContract {
    protected static final Instant T0 = Instant.parse("2026-01-05T09:00:00Z");

    protected ManualClock clock;
    protected QueueFixture fixture;
    protected TaskQueue queue;

    protected abstract FixtureFactory factory();

    @BeforeEach
    void openQueue() {
        clock = new ManualClock(T0);
        fixture = factory().open(clock, TideConfig.defaults().withMaintenanceInterval(null));
        queue = fixture.queue();
    }

    @AfterEach
    void closeQueue() {
        fixture.close();
    }
}
