package dev.tide.core.engine;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.PriorityQueue;

/**
 * Who gets the next tasks of a fair queue: start-time fair queueing over users. Each user has a pass, the virtual time
 * of its next turn; the user with the smallest pass is served (ties by name, the round-robin order) and its pass moves
 * on by {@link #step} = 1 / allocation. Over any stretch every backlogged user gets tasks in proportion to its
 * allocation: per round of passes from p to p + 1, exactly its allocation. A user at its concurrency cap drops out
 * until a lease comes back.
 */
public final class FairTurns {
    /** The passes of one round: each user's allocation of tasks moves its pass on by one round. */
    public static final double ROUND = 1.0;

    private FairTurns() {}

    /**
     * A user as a claim finds it.
     *
     * @param room leases it may still take (its cap minus its leases; {@link Integer#MAX_VALUE} for no cap)
     */
    public record User(String name, double pass, int allocation, int room) {}

    /** Tasks to take from one user, in the order of its first turn in this claim. */
    public record Turn(User user, int tasks) {}

    /** How far a user's pass moves per task: 1 / allocation; 1 for a user served only because a claim required it. */
    public static double step(int allocation) {
        return allocation > 0 ? 1.0 / allocation : 1.0;
    }

    /**
     * The turns that fill up to {@code slots} tasks from these users, assuming each has tasks enough, serving none
     * whose pass has gone past {@code horizon}.
     */
    public static List<Turn> plan(List<User> users, int slots, double horizon) {
        record Next(User user, double pass) {}
        PriorityQueue<Next> queue = new PriorityQueue<>(Comparator.comparingDouble(Next::pass)
                .thenComparing(n -> n.user().name()));
        for (User user : users) {
            if (user.room() > 0 && user.pass() <= horizon) {
                queue.add(new Next(user, user.pass()));
            }
        }
        Map<User, Integer> counts = new LinkedHashMap<>();
        for (int filled = 0; filled < slots && !queue.isEmpty(); filled++) {
            Next next = queue.poll();
            int taken = counts.merge(next.user(), 1, Integer::sum);
            double pass = next.pass() + step(next.user().allocation());
            if (taken < next.user().room() && pass <= horizon) {
                queue.add(new Next(next.user(), pass));
            }
        }
        List<Turn> turns = new ArrayList<>(counts.size());
        counts.forEach((user, tasks) -> turns.add(new Turn(user, tasks)));
        return turns;
    }
}
