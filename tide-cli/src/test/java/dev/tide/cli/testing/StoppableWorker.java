package dev.tide.cli.testing;

import dev.tide.api.worker.WorkerPool;
import dev.tide.client.TideClient;
import java.net.URI;
import java.time.Duration;
import java.util.Arrays;
import java.util.Map;

/**
 * A remote worker process run as a supervisor runs one: a {@link WorkerPool} over HTTP that closes itself on SIGTERM
 * ({@link WorkerPool.Builder#closeOnJvmShutdown}). Each task's payload says what its handler does: {@code millis} to
 * sleep, and {@code halt: true} to kill the whole process at once ({@code Runtime.halt(99)}, as a native crash or the
 * OOM killer would). Each step is announced on stdout. Arguments: server URL, worker name, task types (comma
 * separated), concurrency, shutdown grace in milliseconds. Its token comes in {@code TIDE_TOKEN}.
 */
public final class StoppableWorker {
    /** The exit code of a process a poison task killed. */
    public static final int HALTED = 99;

    private StoppableWorker() {}

    public static void main(String[] args) throws InterruptedException {
        String name = args[1];
        TideClient client = TideClient.builder(URI.create(args[0]))
                .token(System.getenv("TIDE_TOKEN"))
                .build();
        WorkerPool.Builder pool = WorkerPool.builder(client)
                .workerName(name)
                .concurrency(Integer.parseInt(args[3]))
                .pollWait(Duration.ofSeconds(1))
                .shutdownGrace(Duration.ofMillis(Long.parseLong(args[4])))
                .closeOnJvmShutdown(true);
        for (String type : Arrays.asList(args[2].split(","))) {
            pool.handler(type, ctx -> {
                long id = ctx.task().id();
                say("started task " + id + " attempt " + ctx.task().attempts());
                Map<?, ?> payload = ctx.payload(Map.class);
                if (Boolean.TRUE.equals(payload.get("halt"))) {
                    Runtime.getRuntime().halt(HALTED);
                }
                try {
                    Thread.sleep(((Number) payload.get("millis")).longValue());
                } catch (InterruptedException e) {
                    say("interrupted task " + id);
                    throw e;
                }
                say("finished task " + id);
            });
        }
        pool.start();
        say("worker ready");
        Thread.sleep(Long.MAX_VALUE);
    }

    private static synchronized void say(String line) {
        System.out.println(line);
        System.out.flush();
    }
}
