package dev.tide.core.engine;

import java.time.Duration;

/**
 * Something the engine runs in the background while it is open (a pass thread, a ticker, worker pools), started and
 * stopped with the others in a {@link ServiceGroup}.
 *
 * <p>Closing must be safe on a service that was never started (with maintenance off, none is, but each is still
 * closed: maintenance gives up leadership a manual pass won, the processor host removes its reports) and when called
 * twice.
 */
public interface BackgroundService extends AutoCloseable {
    /** What logs and errors call it. */
    String name();

    /** Starts its threads; {@code interval} is the maintenance interval, the longest a pass thread sleeps. */
    void start(Duration interval);

    /** Stops its threads, letting work under way finish within the service's own grace. */
    @Override
    void close();
}
