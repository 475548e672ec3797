package dev.tide.server;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tide.api.NewTask;
import dev.tide.api.StatusReport;
import dev.tide.core.Tide;
import dev.tide.core.TideConfig;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Depth gauges over a real engine: one status query per second however often they are scraped. */
class QueueDepthGaugesTest {
    @TempDir
    Path folder;

    Tide engine;
    final SimpleMeterRegistry registry = new SimpleMeterRegistry();
    final AtomicLong nanos = new AtomicLong();
    final AtomicInteger queries = new AtomicInteger();
    QueueDepthGauges gauges;

    @BeforeEach
    void open() {
        engine = Tide.builder()
                .sqlite(folder)
                .config(TideConfig.defaults().withMaintenanceInterval(null))
                .build();
        Supplier<StatusReport> counted = () -> {
            queries.incrementAndGet();
            return ServerMetrics.depths(engine);
        };
        gauges = new QueueDepthGauges(registry, counted, nanos::get);
    }

    @AfterEach
    void close() {
        engine.close();
    }

    private double ready(String queue) {
        return registry.get(QueueDepthGauges.DEPTH)
                .tags("queue", queue, "state", "ready")
                .gauge()
                .value();
    }

    @Test
    void scrapesWithinASecondShareOneQuery() {
        engine.enqueue(NewTask.of("t", null));
        gauges.refresh();
        engine.enqueue(NewTask.of("t", null));

        nanos.addAndGet(QueueDepthGauges.MAX_AGE_NANOS - 1);
        gauges.refresh();

        assertThat(queries).hasValue(1);
        assertThat(ready("default")).isEqualTo(1.0);

        nanos.addAndGet(1);
        gauges.refresh();

        assertThat(queries).hasValue(2);
        assertThat(ready("default")).isEqualTo(2.0);
    }

    @Test
    void aNewQueueGetsItsGaugesAtTheNextReading() {
        gauges.refresh();
        engine.enqueue(NewTask.builder("t").queue("mail").build());

        nanos.addAndGet(QueueDepthGauges.MAX_AGE_NANOS);
        gauges.refresh();

        assertThat(ready("mail")).isEqualTo(1.0);
        assertThat(registry.get(QueueDepthGauges.LEASES)
                        .tag("queue", "mail")
                        .gauge()
                        .value())
                .isZero();
    }

    @Test
    void aFailedReadingKeepsTheLastOne() {
        engine.enqueue(NewTask.of("t", null));
        gauges.refresh();
        engine.close();

        nanos.addAndGet(QueueDepthGauges.MAX_AGE_NANOS);
        gauges.refresh();

        assertThat(ready("default")).isEqualTo(1.0);
    }
}
