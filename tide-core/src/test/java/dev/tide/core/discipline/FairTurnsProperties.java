package dev.tide.core.discipline;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tide.api.Ack;
import dev.tide.api.ClaimRequest;
import dev.tide.api.Discipline;
import dev.tide.api.LeasedTask;
import dev.tide.api.NewTask;
import dev.tide.api.QueueDefinition;
import dev.tide.api.TaskQueue;
import dev.tide.api.UserShares;
import dev.tide.core.TideConfig;
import dev.tide.core.contract.FixtureFactory;
import dev.tide.core.contract.QueueFixture;
import dev.tide.core.time.ManualClock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tuple;
import net.jqwik.api.lifecycle.AfterProperty;
import net.jqwik.api.lifecycle.BeforeProperty;

/**
 * Fair turns under random claims, acknowledgements, caps and allocations, checked claim by claim against a model of
 * who is eligible (has a ready task, an allocation above 0 and room under its cap). Whatever happened before (a user
 * capped, left out by allocation 0, or without tasks while the others were served), no eligible user waits longer than
 * one round for its turn (each other user served at most its allocation plus one, the plus one for a tie), and no
 * user is served more than its allocation plus one in a row while another eligible user waits. A user that banked
 * credit while it was held back would break both. Each try runs on a queue of its own in one store per property.
 */
public abstract class FairTurnsProperties {
    private static final List<String> USERS = List.of("a", "b", "c");

    private QueueFixture fixture;
    private TaskQueue queue;
    private int tries;

    /** Opens the store the properties run on. */
    protected abstract FixtureFactory factory();

    @BeforeProperty
    void openStore() {
        fixture = factory()
                .open(
                        new ManualClock(Instant.parse("2026-01-05T09:00:00Z")),
                        TideConfig.defaults().withMaintenanceInterval(null));
        queue = fixture.queue();
    }

    @AfterProperty
    void closeStore() {
        if (fixture != null) {
            fixture.close();
        }
    }

    sealed interface Step {}

    /** Claims one task at a time, {@code claims} times; {@code hold}: keeps the leases, else acknowledges each at once. */
    record Claims(int claims, boolean hold) implements Step {}

    /** Acknowledges the held lease at this index (modulo the leases held), if any is held. */
    record AckOne(int index) implements Step {}

    /** A user's cap: null for none. */
    record Cap(String user, Integer concurrency) implements Step {}

    record Allocate(String user, int allocation) implements Step {}

    record Enqueue(String user, int tasks) implements Step {}

    /** What a user starts with. */
    record Start(int allocation, Integer concurrency, int backlog) {}

    @Property(tries = 16)
    void noEligibleUserWaitsMoreThanARoundNorIsOneServedBeyondItsAllocationInARow(
            @ForAll("starts") List<Start> starts, @ForAll("steps") List<Step> steps) {
        String lane = "fair-" + ++tries;
        queue.queues().define(QueueDefinition.named(lane).withDiscipline(Discipline.FAIR));
        Model model = new Model();
        for (int i = 0; i < USERS.size(); i++) {
            String user = USERS.get(i);
            Start start = starts.get(i);
            model.allocation.put(user, start.allocation());
            model.cap.put(user, start.concurrency());
            queue.queues().assignUsers(lane, new UserShares(Set.of(user), start.allocation(), start.concurrency()));
            enqueue(lane, model, user, start.backlog());
        }
        for (Step step : steps) {
            switch (step) {
                case Claims claims -> {
                    for (int i = 0; i < claims.claims(); i++) {
                        LeasedTask got = claim(lane, model);
                        if (got != null && !claims.hold()) {
                            model.held.remove(got);
                            queue.ack(Ack.succeed(got.lease()));
                        }
                    }
                }
                case AckOne ack -> {
                    if (!model.held.isEmpty()) {
                        LeasedTask done = model.held.remove(ack.index() % model.held.size());
                        queue.ack(Ack.succeed(done.lease()));
                    }
                }
                case Cap cap -> {
                    model.cap.put(cap.user(), cap.concurrency());
                    share(lane, model, cap.user());
                }
                case Allocate allocate -> {
                    model.allocation.put(allocate.user(), allocate.allocation());
                    share(lane, model, allocate.user());
                }
                case Enqueue enqueue -> enqueue(lane, model, enqueue.user(), enqueue.tasks());
            }
        }
    }

    private void share(String lane, Model model, String user) {
        queue.queues().assignUsers(lane, new UserShares(Set.of(user), model.allocation.get(user), model.cap.get(user)));
    }

    private void enqueue(String lane, Model model, String user, int tasks) {
        List<NewTask> batch = new ArrayList<>(tasks);
        for (int i = 0; i < tasks; i++) {
            batch.add(NewTask.builder("t").queue(lane).owner(user).build());
        }
        if (!batch.isEmpty()) {
            queue.enqueueAll(batch);
        }
        model.ready.merge(user, tasks, Integer::sum);
    }

    /** One claim of one task, checked against the model: the task, or null when no user was eligible. */
    private LeasedTask claim(String lane, Model model) {
        List<String> eligible = model.eligible();
        List<LeasedTask> got = queue.claim(ClaimRequest.of(lane, "w", 1));
        if (eligible.isEmpty()) {
            assertThat(got).as("no user is eligible: %s", model).isEmpty();
            return null;
        }
        assertThat(got).as("eligible: %s; %s", eligible, model).hasSize(1);
        LeasedTask task = got.get(0);
        String served = task.task().owner();
        assertThat(eligible).as("served %s; %s", served, model).contains(served);
        model.served(served, eligible);
        model.ready.merge(served, -1, Integer::sum);
        model.held.add(task);
        return task;
    }

    /** The users' settings and tasks as the test made them, and what each claim has shown so far. */
    private static final class Model {
        final Map<String, Integer> allocation = new HashMap<>();
        final Map<String, Integer> cap = new HashMap<>();
        final Map<String, Integer> ready = new HashMap<>();
        final List<LeasedTask> held = new ArrayList<>();
        /** For each waiting user, the users eligible meanwhile and the largest allocation each had: its round. */
        final Map<String, Map<String, Integer>> waits = new HashMap<>();
        /** For each waiting user, the claims served to others since it became eligible or was last served. */
        final Map<String, Integer> waited = new HashMap<>();
        /** The owners served, in order (for the failure message). */
        final List<String> history = new ArrayList<>();
        /** The user served last while others waited, how many times in a row, and its largest allocation meanwhile. */
        String running;

        int run;
        int runAllocation;

        List<String> eligible() {
            List<String> eligible = new ArrayList<>();
            for (String user : USERS) {
                Integer limit = cap.get(user);
                if (ready.getOrDefault(user, 0) > 0
                        && allocation.get(user) > 0
                        && (limit == null || leased(user) < limit)) {
                    eligible.add(user);
                }
            }
            return eligible;
        }

        private long leased(String user) {
            return held.stream().filter(t -> t.task().owner().equals(user)).count();
        }

        void served(String served, List<String> eligible) {
            history.add(served);
            for (String user : USERS) {
                if (user.equals(served) || !eligible.contains(user)) {
                    waits.remove(user);
                    waited.remove(user);
                    continue;
                }
                Map<String, Integer> others = waits.computeIfAbsent(user, u -> new LinkedHashMap<>());
                for (String other : eligible) {
                    if (!other.equals(user)) {
                        others.merge(other, allocation.get(other), Math::max);
                    }
                }
                int round = others.values().stream().mapToInt(a -> a + 1).sum();
                int waitedNow = waited.merge(user, 1, Integer::sum);
                assertThat(waitedNow)
                        .as("%s waited %d claims, more than a round (%d): %s", user, waitedNow, round, this)
                        .isLessThanOrEqualTo(round);
            }
            boolean othersWait = eligible.size() > 1;
            if (!othersWait) {
                running = null;
                run = 0;
                return;
            }
            if (!served.equals(running)) {
                running = served;
                run = 0;
                runAllocation = 0;
            }
            run++;
            runAllocation = Math.max(runAllocation, allocation.get(served));
            assertThat(run)
                    .as("%s served %d in a row while others waited: %s", served, run, this)
                    .isLessThanOrEqualTo(runAllocation + 1);
        }

        @Override
        public String toString() {
            return Tuple.of(allocation, cap, ready).toString() + " served " + String.join("", history);
        }
    }

    @Provide
    Arbitrary<List<Start>> starts() {
        return Combinators.combine(allocations(), caps(), Arbitraries.integers().between(0, 30))
                .as(Start::new)
                .list()
                .ofSize(USERS.size());
    }

    @Provide
    Arbitrary<List<Step>> steps() {
        Arbitrary<String> users = Arbitraries.of(USERS);
        Arbitrary<Step> step = Arbitraries.frequencyOf(
                Tuple.of(4, Arbitraries.integers().between(1, 15).map(n -> new Claims(n, false))),
                Tuple.of(2, Arbitraries.just(new Claims(1, true))),
                Tuple.of(2, Arbitraries.integers().between(0, 20).map(AckOne::new)),
                Tuple.of(2, Combinators.combine(users, caps()).as(Cap::new)),
                Tuple.of(2, Combinators.combine(users, allocations()).as(Allocate::new)),
                Tuple.of(
                        1,
                        Combinators.combine(users, Arbitraries.integers().between(1, 12))
                                .as(Enqueue::new)));
        return step.list().ofMinSize(10).ofMaxSize(40);
    }

    private static Arbitrary<Integer> allocations() {
        return Arbitraries.frequency(Tuple.of(2, 0), Tuple.of(3, 1), Tuple.of(3, 2), Tuple.of(2, 3));
    }

    private static Arbitrary<Integer> caps() {
        return Arbitraries.frequencyOf(
                Tuple.of(3, Arbitraries.just((Integer) null)),
                Tuple.of(1, Arbitraries.just(0)),
                Tuple.of(3, Arbitraries.integers().between(1, 2)));
    }
}
