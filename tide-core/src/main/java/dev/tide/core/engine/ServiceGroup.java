package dev.tide.core.engine;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The engine's background services in dependency order: started first to last, stopped last to first. Every service
 * is stopped even when one before it fails to stop (each failure is logged, then all are thrown together), so that one
 * stuck service cannot leave the others' threads running against a closed store.
 */
public final class ServiceGroup {
    private static final Logger log = LoggerFactory.getLogger(ServiceGroup.class);

    private final List<BackgroundService> inOrder;

    /** @param inOrder each service after those it relies on */
    public ServiceGroup(List<BackgroundService> inOrder) {
        this.inOrder = List.copyOf(inOrder);
    }

    /** The services' names in start order. */
    public List<String> names() {
        return inOrder.stream().map(BackgroundService::name).toList();
    }

    /** Starts every service in order; if one fails, stops them all (last first) and throws its failure. */
    public void start(Duration interval) {
        for (BackgroundService service : inOrder) {
            try {
                service.start(interval);
            } catch (RuntimeException e) {
                try {
                    stop();
                } catch (RuntimeException stopFailure) {
                    e.addSuppressed(stopFailure);
                }
                throw e;
            }
        }
    }

    /**
     * Stops every service, last first, started or not; throws after the last one if any failed to stop, with the first
     * failure as the cause and the others suppressed.
     */
    public void stop() {
        List<String> failed = new ArrayList<>();
        RuntimeException failure = null;
        for (BackgroundService service : inOrder.reversed()) {
            try {
                service.close();
            } catch (RuntimeException e) {
                log.warn("stopping the {} failed", service.name(), e);
                failed.add(service.name());
                if (failure == null) {
                    failure = e;
                } else {
                    failure.addSuppressed(e);
                }
            }
        }
        if (failure != null) {
            throw new IllegalStateException("could not stop the " + String.join(", the ", failed), failure);
        }
    }
}
