package dev.tide.cli.testing;

import dev.tide.api.worker.WorkerPool;
import dev.tide.client.TideClient;
import dev.tide.core.testing.Ledger;
import java.net.URI;
import java.time.Duration;

/**
 * A remote worker process: a {@link WorkerPool} over HTTP whose handler announces each task on stdout, sleeps, then
 * records the execution in a ledger. Arguments: server URL, ledger JDBC URL, worker name, sleep in milliseconds, and
 * optionally the task type it handles ({@code slow} by default). Its token comes in {@code TIDE_TOKEN}.
 */
public final class RemoteWorker {
    private RemoteWorker() {}

    public static void main(String[] args) throws InterruptedException {
        TideClient client = TideClient.builder(URI.create(args[0]))
                .token(System.getenv("TIDE_TOKEN"))
                .build();
        Ledger ledger = Ledger.open(args[1]);
        long sleep = Long.parseLong(args[3]);
        WorkerPool.builder(client)
                .workerName(args[2])
                .pollWait(Duration.ofSeconds(1))
                .handler(args.length > 4 ? args[4] : "slow", ctx -> {
                    System.out.println("started task " + ctx.task().id() + " attempt "
                            + ctx.task().attempts());
                    System.out.flush();
                    Thread.sleep(sleep);
                    ledger.record(ctx.task().id(), ctx.lease().token(), args[2]);
                })
                .start();
        System.out.println("worker ready");
        System.out.flush();
        Thread.sleep(Long.MAX_VALUE);
    }
}
