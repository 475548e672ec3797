package dev.tide.core.engine;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tide.api.NewTask;
import dev.tide.api.TaskState;
import dev.tide.api.worker.WorkerPool;
import dev.tide.core.Tide;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Closing the engine stops the worker pools it made: no claimer is left polling a closed store. */
class EngineClosesPoolsTest {
    @TempDir
    Path folder;

    @Test
    void closingTheEngineStopsItsPoolsAndReleasesWhatTheyHeld() throws Exception {
        CountDownLatch running = new CountDownLatch(1);
        long id;
        WorkerPool pool;
        try (Tide tide = Tide.builder().sqlite(folder).build()) {
            id = tide.enqueue(NewTask.of("slow", "x")).id();
            pool = tide.workerPool()
                    .shutdownGrace(Duration.ofMillis(200))
                    .handler("slow", ctx -> {
                        running.countDown();
                        Thread.sleep(60_000);
                    })
                    .start();
            assertThat(running.await(10, TimeUnit.SECONDS)).isTrue();
        }
        String claimer = "tide-claimer-" + pool.workerName();
        assertThat(Thread.getAllStackTraces().keySet())
                .noneMatch(t -> t.getName().equals(claimer) && t.isAlive());
        try (Tide tide = Tide.builder().sqlite(folder).build()) {
            assertThat(tide.task(id).state()).as("released at shutdown").isEqualTo(TaskState.READY);
        }
    }
}
