package dev.tide.core.discipline;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.withinPercentage;

import dev.tide.api.Ack;
import dev.tide.api.ClaimRequest;
import dev.tide.api.Discipline;
import dev.tide.api.LeasedTask;
import dev.tide.api.NewTask;
import dev.tide.api.QueueDefinition;
import dev.tide.api.UserShares;
import dev.tide.core.Tide;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/**
 * A fair queue's shares under load: users with allocations 1, 2, 3, 4 and 10 keep a constant backlog (every task
 * claimed is replaced by a new one of the same user) while four claimers take batches at once; over 10,000 claimed
 * tasks each user's share must be its allocation's share within 2%.
 */
abstract class FairShareContract {
    private static final Map<String, Integer> ALLOCATIONS = Map.of("u1", 1, "u2", 2, "u3", 3, "u4", 4, "u10", 10);
    private static final int BACKLOG = 20;
    private static final int CLAIMS = 10_000;
    private static final int CLAIMERS = 4;
    private static final int BATCH = 10;

    protected abstract Tide open();

    @Test
    void sharesMatchAllocationsWithinTwoPercent() throws Exception {
        try (Tide tide = open()) {
            tide.defineQueue(QueueDefinition.named("fair").withDiscipline(Discipline.FAIR));
            ALLOCATIONS.forEach((user, allocation) -> {
                tide.assignUsers("fair", new UserShares(Set.of(user), allocation, null));
                List<NewTask> backlog = new ArrayList<>();
                for (int i = 0; i < BACKLOG; i++) {
                    backlog.add(task(user));
                }
                tide.enqueueAll(backlog);
            });
            Map<String, AtomicLong> served = new ConcurrentHashMap<>();
            AtomicInteger claimed = new AtomicInteger();
            ExecutorService claimers = Executors.newFixedThreadPool(CLAIMERS);
            List<Future<?>> done = new ArrayList<>();
            for (int c = 0; c < CLAIMERS; c++) {
                String worker = "w" + c;
                done.add(claimers.submit(() -> {
                    while (claimed.get() < CLAIMS) {
                        List<LeasedTask> batch = tide.claim(ClaimRequest.of("fair", worker, BATCH));
                        if (batch.isEmpty()) {
                            continue; // every user with tasks was held by another claimer's turn
                        }
                        claimed.addAndGet(batch.size());
                        List<Ack> acks = new ArrayList<>();
                        List<NewTask> replacements = new ArrayList<>();
                        for (LeasedTask task : batch) {
                            served.computeIfAbsent(task.task().owner(), k -> new AtomicLong())
                                    .incrementAndGet();
                            acks.add(Ack.succeed(task.lease()));
                            replacements.add(task(task.task().owner()));
                        }
                        tide.enqueueAll(replacements);
                        tide.ackAll(acks);
                    }
                    return null;
                }));
            }
            for (Future<?> f : done) {
                f.get();
            }
            claimers.shutdown();

            long total = served.values().stream().mapToLong(AtomicLong::get).sum();
            int allocations =
                    ALLOCATIONS.values().stream().mapToInt(Integer::intValue).sum();
            assertThat(total).isGreaterThanOrEqualTo(CLAIMS);
            ALLOCATIONS.forEach((user, allocation) -> {
                double expected = (double) allocation / allocations;
                double observed = (double) served.get(user).get() / total;
                assertThat(observed)
                        .as("share of %s (allocation %d)", user, allocation)
                        .isCloseTo(expected, withinPercentage(2));
            });
        }
    }

    private static NewTask task(String user) {
        return NewTask.builder("t").queue("fair").owner(user).payloadJson("{}").build();
    }
}
