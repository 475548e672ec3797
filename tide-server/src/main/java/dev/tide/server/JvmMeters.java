package dev.tide.server;

import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Meter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.binder.jvm.JvmMemoryMetrics;
import io.micrometer.core.instrument.binder.jvm.JvmThreadMetrics;
import io.micrometer.core.instrument.binder.system.ProcessorMetrics;
import io.micrometer.core.instrument.binder.system.UptimeMetrics;
import io.micrometer.core.instrument.config.MeterFilter;
import java.lang.management.ManagementFactory;

/**
 * The JVM's meters for {@code GET /metrics} (memory, threads, CPU, uptime), under names Prometheus' own checks accept
 * ({@code promtool check metrics}, run by scripts/check-clients). Two of Micrometer's names do not pass, and are
 * renamed here with their values kept:
 *
 * <ul>
 *   <li>{@code process.cpu.time}, a counter in nanoseconds, would read {@code process_cpu_time_ns_total}
 *       ("abbreviated units"): it is served as {@code process_cpu_seconds_total}, in seconds, the name Prometheus'
 *       own client libraries give the process's CPU time;
 *   <li>{@code system.cpu.count}, a gauge, would read {@code system_cpu_count}, a suffix Prometheus keeps for
 *       histograms and summaries: it is served as {@code system_cpus_available}.
 * </ul>
 */
public final class JvmMeters {
    /** Micrometer's CPU time counter, in nanoseconds; left out in favour of {@link #CPU_SECONDS}. */
    static final String CPU_NANOS = "process.cpu.time";
    /** The process's CPU time in seconds, as {@code process_cpu_seconds_total}. */
    static final String CPU_SECONDS = "process.cpu";

    static final String CPU_COUNT = "system.cpu.count";
    static final String CPUS_AVAILABLE = "system.cpus.available";

    private JvmMeters() {}

    /**
     * Binds the JVM's meters to the registry. Call it on a new registry: meter filters apply only to meters registered
     * after them.
     */
    public static void bindTo(MeterRegistry registry) {
        registry.config().meterFilter(MeterFilter.deny(id -> id.getName().equals(CPU_NANOS)));
        registry.config().meterFilter(new MeterFilter() {
            @Override
            public Meter.Id map(Meter.Id id) {
                return id.getName().equals(CPU_COUNT) ? id.withName(CPUS_AVAILABLE) : id;
            }
        });
        new JvmMemoryMetrics().bindTo(registry);
        new JvmThreadMetrics().bindTo(registry);
        new ProcessorMetrics().bindTo(registry);
        new UptimeMetrics().bindTo(registry);
        if (ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.OperatingSystemMXBean os
                && os.getProcessCpuTime() >= 0) {
            FunctionCounter.builder(CPU_SECONDS, os, o -> o.getProcessCpuTime() / 1e9)
                    .description("The CPU time used by the Java Virtual Machine process")
                    .baseUnit("seconds")
                    .register(registry);
        }
    }
}
