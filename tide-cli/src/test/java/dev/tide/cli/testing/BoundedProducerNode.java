package dev.tide.cli.testing;

import dev.tide.api.NewTask;
import dev.tide.api.PendingLimitException;
import dev.tide.core.Tide;
import dev.tide.core.TideConfig;
import dev.tide.core.testing.Ledger;
import java.time.Instant;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * One producer node of a multi-node test of the bounds on pending tasks: a Tide engine embedded on PostgreSQL that,
 * from a given instant on, enqueues tasks one at a time for each user in turn. Each accepted task goes to the
 * {@link Ledger}; at the end it prints how many enqueues each bound refused. Arguments: JDBC URL, node name, queue,
 * users (comma-separated), tasks per user, start instant (ISO-8601).
 */
public final class BoundedProducerNode {
    private BoundedProducerNode() {}

    public static void main(String[] args) throws InterruptedException {
        String url = args[0];
        String node = args[1];
        List<String> users = List.of(args[3].split(","));
        int perUser = Integer.parseInt(args[4]);
        Instant start = Instant.parse(args[5]);
        Map<PendingLimitException.Bound, Integer> refused = new EnumMap<>(PendingLimitException.Bound.class);
        try (Ledger ledger = Ledger.open(url);
                Tide tide = Tide.builder()
                        .postgres(url)
                        .config(TideConfig.defaults().withNodeName(node).withMaintenanceInterval(null))
                        .build()) {
            System.out.println("node ready");
            System.out.flush();
            Thread.sleep(Math.max(0, start.toEpochMilli() - System.currentTimeMillis()));
            for (int i = 0; i < perUser; i++) {
                for (String user : users) {
                    try {
                        long id = tide.enqueue(NewTask.builder("work")
                                        .queue(args[2])
                                        .owner(user)
                                        .build())
                                .id();
                        ledger.record(id, "enqueued", node);
                    } catch (PendingLimitException e) {
                        refused.merge(e.bound(), 1, Integer::sum);
                    }
                }
            }
        }
        System.out.println("refused " + refused);
        System.out.flush();
    }
}
