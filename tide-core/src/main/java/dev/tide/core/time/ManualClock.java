package dev.tide.core.time;

import java.time.Duration;
import java.time.Instant;
import java.time.InstantSource;
import java.util.concurrent.atomic.AtomicReference;

/**
 * A clock that moves only when told to, for tests: inject it with {@code Tide.builder().clock(...)} and a simulated week
 * takes as long as its work, not a week.
 */
public final class ManualClock implements InstantSource {
    private final AtomicReference<Instant> now;

    public ManualClock(Instant start) {
        this.now = new AtomicReference<>(start);
    }

    @Override
    public Instant instant() {
        return now.get();
    }

    public void set(Instant instant) {
        now.set(instant);
    }

    /** Moves the clock forward (or back, with a negative duration) and returns the new time. */
    public Instant advance(Duration by) {
        return now.updateAndGet(t -> t.plus(by));
    }
}
