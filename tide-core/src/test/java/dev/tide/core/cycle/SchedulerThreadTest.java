package dev.tide.core.cycle;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tide.api.NewTask;
import dev.tide.core.Tide;
import dev.tide.core.TideConfig;
import dev.tide.core.testing.TempFolders;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** The scheduler's own thread on an engine with maintenance on: cycles run by themselves, one per period. */
class SchedulerThreadTest {
    @Test
    void cyclesRunByThemselvesOncePerPeriod() throws Exception {
        Path folder = TempFolders.create("tide-cycles-");
        AtomicInteger handled = new AtomicInteger();
        try (Tide tide = Tide.builder()
                .sqlite(folder)
                .config(TideConfig.defaults().withMaintenanceInterval(Duration.ofSeconds(1)))
                .build()) {
            for (int i = 0; i < 3; i++) {
                tide.enqueue(NewTask.of("email", i));
            }
            CycleScheduler.ScheduledClient scheduled = tide.cycles()
                    .schedule(QueueClient.builder("mailer")
                            .every(Duration.ofSeconds(1))
                            .maxTasks(1)
                            .handler("email", ctx -> handled.incrementAndGet())
                            .build());

            long deadline = System.nanoTime() + Duration.ofSeconds(15).toNanos();
            while (scheduled.cyclesRun() < 3 && System.nanoTime() < deadline) {
                Thread.sleep(50);
            }

            assertThat(scheduled.cyclesRun()).isGreaterThanOrEqualTo(3);
            assertThat(handled).as("one task a cycle").hasValue(3);
            assertThat(scheduled.lastReport()).isPresent();
        } finally {
            TempFolders.delete(folder);
        }
    }
}
