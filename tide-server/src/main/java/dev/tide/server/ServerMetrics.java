package dev.tide.server;

import dev.tide.api.StatusReport;
import dev.tide.api.TaskQueue;
import dev.tide.core.Tide;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.composite.CompositeMeterRegistry;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;

/** Where the server finds its Prometheus registry and its queue depths. */
final class ServerMetrics {
    private ServerMetrics() {}

    /** The engine's Prometheus registry, directly or inside a composite; null when there is none. */
    static PrometheusMeterRegistry prometheusOf(TaskQueue queue) {
        return queue instanceof Tide tide ? find(tide.meterRegistry()) : null;
    }

    private static PrometheusMeterRegistry find(MeterRegistry registry) {
        if (registry instanceof PrometheusMeterRegistry prometheus) {
            return prometheus;
        }
        if (registry instanceof CompositeMeterRegistry composite) {
            for (MeterRegistry inner : composite.getRegistries()) {
                PrometheusMeterRegistry found = find(inner);
                if (found != null) {
                    return found;
                }
            }
        }
        return null;
    }

    /** Depths only: an engine asks its store for no open jobs, which saves the status report's second query. */
    static StatusReport depths(TaskQueue queue) {
        return queue instanceof Tide tide
                ? tide.storeReadings().depths()
                : queue.monitoring().status();
    }
}
