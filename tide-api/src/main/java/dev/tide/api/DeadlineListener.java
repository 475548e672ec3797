package dev.tide.api;

/**
 * Called by the deadline monitor for every warning and violation it raises, after the notice is stored (its event and
 * alert tasks committed), on the monitor's thread: return quickly and hand long work to a queue. On many nodes only the
 * node leading maintenance calls its listeners. An exception is logged and does not stop the monitor.
 */
@FunctionalInterface
public interface DeadlineListener {
    void onDeadline(DeadlineNotice notice);
}
