package dev.tide.core.dispatch;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.PriorityQueue;

/**
 * Who gets the next tasks of a fair queue: start-time fair queueing over users. Each user has a pass, the virtual time
 * of its next turn; the user with the smallest pass is served and its pass moves on by {@link #step} = 1 / allocation.
 * Over any stretch every backlogged user gets tasks in proportion to its allocation: per round of passes from p to
 * p + 1, exactly its allocation.
 *
 * <p>A user the turns went past without serving it (at its concurrency cap, out of a claim's filter or a profile's
 * budget, suspended, or without a ready task) banks no credit: its turns start at the queue's clock, the largest pass
 * served ({@link #start}), as an idle user's do. Its stored pass stays behind until it is served, which costs no write
 * while it waits; among users that all start at the clock, the one whose stored pass is furthest behind goes first
 * (then by name), so users skipped together keep their round-robin order instead of the first name winning every tie.
 */
public final class FairTurns {
    /** The passes of one round: each user's allocation of tasks moves its pass on by one round. */
    public static final double ROUND = 1.0;

    private FairTurns() {}

    /**
     * A user as a claim finds it.
     *
     * @param pass its stored pass, which may be behind the queue's clock
     * @param room leases it may still take (its cap minus its leases; {@link Integer#MAX_VALUE} for no cap)
     */
    public record User(String name, double pass, int allocation, int room) {}

    /**
     * Tasks to take from one user, in the order of its first turn in this claim.
     *
     * @param start the pass of its first task: its stored pass, or the queue's clock if that is further on
     */
    public record Turn(User user, double start, int tasks) {}

    /** How far a user's pass moves per task: 1 / allocation; 1 for a user served only because a claim required it. */
    public static double step(int allocation) {
        return allocation > 0 ? 1.0 / allocation : 1.0;
    }

    /** Where a user's next turn is: its pass, or the queue's clock if the turns went past it meanwhile. */
    public static double start(double pass, double clock) {
        return Math.max(pass, clock);
    }

    /**
     * The turns that fill up to {@code slots} tasks from these users, assuming each has tasks enough, serving none
     * whose turn has gone past {@code horizon}.
     *
     * @param clock the queue's clock, the largest pass served so far; no user's turns start behind it
     */
    public static List<Turn> plan(List<User> users, int slots, double horizon, double clock) {
        // behind: the order among users at the same pass, the stored pass at first and the pass itself after that
        record Next(User user, double pass, double behind) {}
        PriorityQueue<Next> queue = new PriorityQueue<>(Comparator.comparingDouble(Next::pass)
                .thenComparingDouble(Next::behind)
                .thenComparing(n -> n.user().name()));
        Map<User, Double> starts = new LinkedHashMap<>();
        for (User user : users) {
            double start = start(user.pass(), clock);
            if (user.room() > 0 && start <= horizon) {
                queue.add(new Next(user, start, user.pass()));
            }
        }
        Map<User, Integer> counts = new LinkedHashMap<>();
        for (int filled = 0; filled < slots && !queue.isEmpty(); filled++) {
            Next next = queue.poll();
            starts.putIfAbsent(next.user(), next.pass());
            int taken = counts.merge(next.user(), 1, Integer::sum);
            double pass = next.pass() + step(next.user().allocation());
            if (taken < next.user().room() && pass <= horizon) {
                queue.add(new Next(next.user(), pass, pass));
            }
        }
        List<Turn> turns = new ArrayList<>(counts.size());
        counts.forEach((user, tasks) -> turns.add(new Turn(user, starts.get(user), tasks)));
        return turns;
    }
}
