package dev.tide.core.statements;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tide.api.Ack;
import dev.tide.api.ClaimRequest;
import dev.tide.api.Lease;
import dev.tide.api.LeasedTask;
import dev.tide.api.NewTask;
import dev.tide.core.Tide;
import dev.tide.core.store.jdbc.SqlCounter;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;
import java.util.stream.IntStream;
import org.assertj.core.api.SoftAssertions;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The SQL statements and transactions of an enqueue, a claim, a heartbeat and an acknowledgement, counted on the
 * store's connections ({@link SqlCounter}) in steady state (after one round of each has warmed the caches). On a plain
 * fifo queue the counts are pinned: a change that adds a statement to the plain path fails here, naming the operation.
 * With each capability in use the counts are printed (docs/performance.md, "SQL statements per operation") and must be
 * at least the plain ones. Run it alone to see the tables:
 * {@code mvn -B -q -o -pl tide-core -am verify -Dtest='*StatementCountTest' -Dsurefire.failIfNoSpecifiedTests=false
 * -Dspotless.check.skip=true}, then {@code tide-core/target/surefire-reports/*StatementCountTest-output.txt}.
 */
public abstract class StatementCountContract {
    static final int BATCH = 100;
    /**
     * The statement that reads every user's admission limits, which an enqueue re-reads when its copy is a second old
     * (OwnerLimits): once a second per node, not per operation, so each measured operation runs soon after it.
     */
    private static final String PERIODIC = "account_limits";
    /** How old the admission limits may be when an operation starts, to stay well within their second. */
    private static final long FRESH_NANOS = 300_000_000L;

    private static final long PERIODIC_NANOS = 1_000_000_000L;

    private static final Map<String, Map<Capability, Map<Operation, Figures>>> measured = new java.util.TreeMap<>();

    /** Opens an engine on a fresh, empty store of the subclass's kind, its connections counted by {@code counter}. */
    protected abstract Tide open(SqlCounter counter, Capability capability);

    /** The store's name in the tables. */
    protected abstract String store();

    /** This store's pinned figures for a plain fifo queue. */
    protected abstract Map<Operation, Figures> plain();

    /** Names the statements in the listing. */
    protected abstract StatementNames names();

    /** How long nothing must be sent for an operation to count as done, with all it sends late on purpose. */
    protected abstract long quietMillis();

    @ParameterizedTest(name = "{0}")
    @EnumSource(Capability.class)
    void countsEachOperation(Capability capability) {
        Map<Operation, Figures> got = measure(capability);
        measured.computeIfAbsent(store(), s -> new java.util.TreeMap<>()).put(capability, got);
        Map<Operation, Figures> plain = plain();
        SoftAssertions softly = new SoftAssertions();
        for (Operation op : Operation.values()) {
            Figures figures = got.get(op);
            if (capability == Capability.PLAIN) {
                softly.assertThat(figures.withoutListing())
                        .as("%s on a plain fifo queue on %s sent %s; pinned at", op.label, store(), figures.listing())
                        .isEqualTo(plain.get(op));
            } else {
                softly.assertThat(figures.statements())
                        .as("%s with %s on %s: %s", op.label, capability.label, store(), figures.listing())
                        .isGreaterThanOrEqualTo(plain.get(op).statements());
                softly.assertThat(figures.transactions())
                        .as("transactions of %s with %s on %s", op.label, capability.label, store())
                        .isGreaterThanOrEqualTo(plain.get(op).transactions());
            }
        }
        softly.assertAll();
    }

    @AfterAll
    static void printTables() {
        measured.forEach((store, byCapability) -> System.out.println(StatementTable.render(store, byCapability)));
        measured.clear();
    }

    private Map<Operation, Figures> measure(Capability capability) {
        SqlCounter counter = new SqlCounter();
        try (Tide tide = open(counter, capability)) {
            long prepared = capability.prepare(tide);
            Round round = new Round(tide, counter, capability, prepared);
            round.run(); // warms the caches: types, queues, prepared statements
            round.results.clear();
            round.freshen = true;
            round.run();
            return round.results;
        }
    }

    /** One enqueue, claim, heartbeat and acknowledgement of a task, then of a batch. */
    private final class Round {
        final Tide tide;
        final SqlCounter counter;
        final Capability capability;
        final long prepared;
        final AtomicLong serial = new AtomicLong();
        final Map<Operation, Figures> results = new EnumMap<>(Operation.class);
        boolean freshen;

        Round(Tide tide, SqlCounter counter, Capability capability, long prepared) {
            this.tide = tide;
            this.counter = counter;
            this.capability = capability;
            this.prepared = prepared;
        }

        void run() {
            count(Operation.ENQUEUE, () -> tide.enqueue(task()));
            List<NewTask> batch =
                    IntStream.range(0, BATCH).mapToObj(i -> task()).toList();
            count(Operation.ENQUEUE_BATCH, () -> tide.enqueueAll(batch));
            List<LeasedTask> one = count(Operation.CLAIM, () -> claim(1));
            assertThat(one).as("claimed with %s", capability.label).hasSize(1);
            List<LeasedTask> many = count(Operation.CLAIM_BATCH, () -> claim(BATCH));
            assertThat(many).as("claimed with %s", capability.label).hasSize(BATCH);
            Lease lease = one.get(0).lease();
            count(Operation.HEARTBEAT, () -> tide.heartbeat(lease, Duration.ofMinutes(5)));
            count(Operation.ACK, () -> tide.ack(Ack.succeed(lease)));
            List<Ack> acks = new ArrayList<>();
            many.forEach(t -> acks.add(Ack.succeed(t.lease())));
            count(Operation.ACK_BATCH, () -> tide.ackAll(acks));
        }

        private NewTask task() {
            return capability.task(prepared, serial);
        }

        private List<LeasedTask> claim(int limit) {
            return tide.claim(ClaimRequest.of(Capability.QUEUE, "worker", limit));
        }

        private <T> T count(Operation op, Supplier<T> work) {
            if (freshen) {
                freshenPeriodic();
            }
            SqlCounter.Counts before = settled();
            T out = work.get();
            results.put(op, Figures.of(settledSince(before), names()));
            return out;
        }

        /**
         * Unless the admission limits were read in the last {@link #FRESH_NANOS}, waits until they are due again and
         * has an enqueue beside the measured queue read them, so the measured operation does not.
         */
        private void freshenPeriodic() {
            long last = counter.snapshot().executions().stream()
                    .filter(e -> names().of(e.sql()).equals(PERIODIC))
                    .mapToLong(SqlCounter.Execution::atNanos)
                    .max()
                    .orElse(System.nanoTime() - PERIODIC_NANOS);
            long age = System.nanoTime() - last;
            if (age < FRESH_NANOS) {
                return;
            }
            sleepNanos(PERIODIC_NANOS + 20_000_000L - age);
            tide.enqueue(NewTask.builder("beside").queue("beside").build());
        }

        /** The counts once nothing more was sent for a while: the NOTIFY after an enqueue goes out late on purpose. */
        private SqlCounter.Counts settled() {
            SqlCounter.Counts last = counter.snapshot();
            while (true) {
                sleep();
                SqlCounter.Counts now = counter.snapshot();
                if (now.statements() == last.statements()
                        && now.transactions() == last.transactions()
                        && now.rollbacks() == last.rollbacks()) {
                    return now;
                }
                last = now;
            }
        }

        private SqlCounter.Counts settledSince(SqlCounter.Counts before) {
            settled();
            return counter.since(before);
        }

        private void sleep() {
            sleepNanos(quietMillis() * 1_000_000L);
        }

        private static void sleepNanos(long nanos) {
            if (nanos <= 0) {
                return;
            }
            try {
                Thread.sleep(nanos / 1_000_000L, (int) (nanos % 1_000_000L));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException(e);
            }
        }
    }
}
