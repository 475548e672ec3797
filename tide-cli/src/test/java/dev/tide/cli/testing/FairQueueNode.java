package dev.tide.cli.testing;

import dev.tide.core.Tide;
import dev.tide.core.TideConfig;
import dev.tide.core.testing.Ledger;
import java.time.Duration;

/**
 * One node of a multi-node test: a Tide engine embedded on PostgreSQL whose worker pool serves one queue. Each handler
 * run enters the {@link Occupancy} table under the task's owner, works for a while, leaves, and records the execution
 * in the {@link Ledger}. Arguments: JDBC URL, node name, queue, pool concurrency, milliseconds per task.
 */
public final class FairQueueNode {
    private FairQueueNode() {}

    public static void main(String[] args) throws InterruptedException {
        String url = args[0];
        String node = args[1];
        long millis = Long.parseLong(args[4]);
        Ledger ledger = Ledger.open(url);
        Occupancy occupancy = Occupancy.open(url);
        Tide tide = Tide.builder()
                .postgres(url)
                .config(TideConfig.defaults().withNodeName(node))
                .build();
        tide.workerPool()
                .queue(args[2])
                .concurrency(Integer.parseInt(args[3]))
                .pollWait(Duration.ofMillis(100))
                .handler("work", ctx -> {
                    String owner = ctx.task().owner();
                    occupancy.enter(owner);
                    try {
                        Thread.sleep(millis);
                    } finally {
                        occupancy.leave(owner);
                    }
                    ledger.record(ctx.task().id(), ctx.lease().token(), node);
                })
                .start();
        System.out.println("node ready");
        System.out.flush();
        Thread.sleep(Long.MAX_VALUE);
    }
}
