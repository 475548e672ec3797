package dev.tide.server;

import static org.assertj.core.api.Assertions.assertThat;

import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The JVM's meters as a Prometheus registry scrapes them: the two names promtool refuses in Micrometer's spelling are
 * served renamed, with their values kept. (promtool itself runs over a real server's scrape in scripts/check-clients.)
 */
class JvmMetersTest {
    private final PrometheusMeterRegistry registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);

    @Test
    void servesTheProcessCpuTimeInSecondsUnderPrometheusOwnName() {
        JvmMeters.bindTo(registry);
        long before = cpuNanos();
        burnCpu();

        String scrape = registry.scrape();

        assertThat(scrape).doesNotContain("process_cpu_time_ns").contains("# TYPE process_cpu_seconds_total counter");
        double seconds = value(scrape, "process_cpu_seconds_total");
        assertThat(seconds)
                .as("seconds, not nanoseconds")
                .isGreaterThanOrEqualTo(before / 1e9)
                .isLessThan(cpuNanos() / 1e9 + 1);
    }

    @Test
    void servesTheProcessorsAvailableWithoutACountSuffix() {
        JvmMeters.bindTo(registry);

        String scrape = registry.scrape();

        assertThat(scrape).doesNotContain("system_cpu_count").contains("# TYPE system_cpus_available gauge");
        assertThat(value(scrape, "system_cpus_available"))
                .isEqualTo(Runtime.getRuntime().availableProcessors());
        assertThat(scrape).contains("jvm_memory_used_bytes", "jvm_threads_live_threads", "process_uptime_seconds");
    }

    private static long cpuNanos() {
        return ((com.sun.management.OperatingSystemMXBean)
                        java.lang.management.ManagementFactory.getOperatingSystemMXBean())
                .getProcessCpuTime();
    }

    /** Some CPU time, so that the counter has more than a start-up's worth to show. */
    private static void burnCpu() {
        long sum = 0;
        for (int i = 0; i < 50_000_000; i++) {
            sum += i ^ (sum >>> 3);
        }
        assertThat(sum).isNotZero();
    }

    private static double value(String scrape, String name) {
        Matcher m = Pattern.compile("(?m)^" + name + "(?:\\{[^}]*\\})? (\\S+)$").matcher(scrape);
        assertThat(m.find()).as(name + " in the scrape").isTrue();
        return Double.parseDouble(m.group(1));
    }
}
