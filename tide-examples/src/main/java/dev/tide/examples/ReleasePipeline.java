package dev.tide.examples;

import dev.tide.api.EnqueueResult;
import dev.tide.api.NewTask;
import dev.tide.api.TaskSelection;
import dev.tide.core.Tide;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * Dependencies, expiry and parking, embedded: a release is built, tested on two platforms at once, then deployed;
 * the deployment is only worth doing within the hour. A second user's tasks are parked by the operator and run only
 * once unparked. Run it with a data folder as its argument.
 */
public final class ReleasePipeline {
    private ReleasePipeline() {}

    public static void main(String[] args) throws InterruptedException {
        Path folder = Path.of(args.length > 0 ? args[0] : "tide-data");
        try (Tide tide = Tide.builder().sqlite(folder).build()) {
            List<EnqueueResult> release = tide.enqueueAll(List.of(
                    step("deploy", "release")
                            .dependsOnRef("test-linux")
                            .dependsOnRef("test-mac")
                            .expiresAt(Instant.now().plus(Duration.ofHours(1)))
                            .build(),
                    step("test-linux", "release").dependsOnRef("build").build(),
                    step("test-mac", "release").dependsOnRef("build").build(),
                    step("build", "release").build()));
            System.out.printf(
                    "deploy is %s until tasks %s succeed%n",
                    release.get(0).task().state().wireName(),
                    release.get(0).task().dependsOn());

            tide.enqueue(step("nightly", "intern").build());
            int parked = tide.park(TaskSelection.owner("intern"));
            System.out.printf("parked %d task of intern%n", parked);

            Queue<String> ran = new ConcurrentLinkedQueue<>();
            CountDownLatch deployed = new CountDownLatch(1);
            CountDownLatch nightly = new CountDownLatch(1);
            tide.workerPool()
                    .concurrency(2)
                    .handler("step", ctx -> {
                        String name = ctx.payload(String.class);
                        ran.add(name);
                        if (name.equals("deploy")) {
                            deployed.countDown();
                        } else if (name.equals("nightly")) {
                            nightly.countDown();
                        }
                    })
                    .start();

            if (!deployed.await(30, TimeUnit.SECONDS)) {
                throw new IllegalStateException("the release was not deployed");
            }
            System.out.println("ran " + String.join(", ", ran));
            tide.unpark(TaskSelection.owner("intern"));
            if (!nightly.await(30, TimeUnit.SECONDS)) {
                throw new IllegalStateException("the unparked task did not run");
            }
            System.out.println("after unpark: ran nightly");
        }
    }

    private static NewTask.Builder step(String name, String owner) {
        return NewTask.builder("step").ref(name).owner(owner).payload(name);
    }
}
