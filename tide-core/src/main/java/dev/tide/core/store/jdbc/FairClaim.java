package dev.tide.core.store.jdbc;

import dev.tide.api.json.Json;
import dev.tide.core.dispatch.DispatchKey;
import dev.tide.core.dispatch.FairTurns;
import dev.tide.core.store.TaskClaim;
import dev.tide.core.store.jdbc.JdbcStore.Claimed;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * A claim from a fair queue, on the two-level structure of migration 5: first the users whose turn it is (one row
 * each in {@code tide_users}, by pass), then each one's next tasks (one range of the ready index). A user at its
 * concurrency cap, excluded, prohibited or out of the turns costs one skipped row, however many tasks it has waiting.
 * The chosen users' tasks are leased in one statement per number of tasks each gets (usually one), and their turns
 * move in one more: a claim's round trips do not grow with the users it serves. A user the turns went past (capped,
 * filtered out, without ready tasks) starts at the queue's clock ({@link FairTurns#start}), read with the queue's row
 * the claim reads anyway: its pass is corrected when it is next served, never by a write while it waits.
 *
 * <p>The user rows stay locked until the claim commits (on PostgreSQL by {@code FOR UPDATE SKIP LOCKED}, so
 * concurrent claimers move on to the next users instead of waiting). A user's leases are counted after its row is
 * locked, in a statement of their own: every claim that leased its tasks before has committed by then, and none can
 * lease more until this one commits, so a concurrency cap holds exactly on any number of nodes.
 */
final class FairClaim {
    /** Rounds of choosing users, each after some chosen ones turned out to have fewer tasks than planned. */
    private static final int MAX_ROUNDS = 8;

    private static final HexFormat HEX = HexFormat.of();

    interface ClaimedReader {
        Claimed read(ResultSet rs) throws SQLException;
    }

    private final Tx tx;
    private final TaskClaim claim;
    private final QueueRow queue;
    private final ClaimedReader reader;
    private final List<Claimed> claimed = new ArrayList<>();
    private double largestPassServed = -1;
    /**
     * The turn of the first user in order that another transaction holds (PostgreSQL: another claim, or an
     * acknowledgement of its tasks): this claim moves the clock no further, or that user, only passed over for a
     * moment, would start behind the clock when it next comes and lose the turns it was owed. Users held back for good
     * reason (capped, filtered out, without ready tasks) are not among those rows and bank nothing.
     */
    private double heldElsewhere = Double.POSITIVE_INFINITY;

    private FairClaim(Tx tx, TaskClaim claim, QueueRow queue, ClaimedReader reader) {
        this.tx = tx;
        this.claim = claim;
        this.queue = queue;
        this.reader = reader;
    }

    /** Leases up to the claim's limit in turn order, step by step (preferred users first), and moves the clock. */
    static List<Claimed> run(Tx tx, TaskClaim claim, QueueRow queue, List<UserScope> steps, ClaimedReader reader)
            throws SQLException {
        FairClaim run = new FairClaim(tx, claim, queue, reader);
        for (UserScope step : steps) {
            if (step.only() == null || !step.only().isEmpty()) {
                run.serve(step);
            }
        }
        if (run.largestPassServed >= 0) {
            JdbcStore.advanceRaceClock(tx, claim.queue(), DispatchKey.race(run.movedClock()));
        }
        return run.claimed;
    }

    private void serve(UserScope scope) throws SQLException {
        Set<String> drained = new HashSet<>();
        for (int round = 0; round < MAX_ROUNDS && claimed.size() < claim.limit(); round++) {
            int slots = claim.limit() - claimed.size();
            UserScope left = scope.without(drained);
            List<FairTurns.User> users = nextUsers(left, slots);
            if (users.isEmpty()) {
                return;
            }
            double horizon = horizon(left, users);
            drained.addAll(take(FairTurns.plan(users, slots, horizon, clock())));
        }
    }

    /** The queue's clock as this claim has moved it so far: no user's turns start behind it. */
    private double clock() {
        return Math.max(queue.clock(), movedClock());
    }

    /** Where this claim moves the clock: the largest pass it served, but not past a user another claim holds. */
    private double movedClock() {
        return Math.min(largestPassServed, heldElsewhere);
    }

    /**
     * How far this claim may serve: without limit when the first user in turn order is among those it holds (always,
     * on a store whose claims skip no rows); else a round past that user's pass, so that a user held by concurrent
     * claims keeps its share instead of being overtaken for good (the claims that skip it stop a round ahead).
     */
    private double horizon(UserScope scope, List<FairTurns.User> held) throws SQLException {
        if (!tx.dialect().skipsLockedRows()) {
            return Double.POSITIVE_INFINITY;
        }
        // The users in turn order, up to the first that another claim holds (or an acknowledgement has locked).
        Statement first = users("fair_users_first", scope).set("limit", (long) held.size() + 1);
        try (ResultSet rs = first.query()) {
            for (boolean leading = true; rs.next(); leading = false) {
                String owner = rs.getString("owner");
                if (held.stream().noneMatch(u -> u.name().equals(owner))) {
                    double turn = FairTurns.start(DispatchKey.racePosition(rs.getBytes("pass")), clock());
                    heldElsewhere = Math.min(heldElsewhere, turn);
                    return leading ? turn + FairTurns.ROUND : Double.POSITIVE_INFINITY;
                }
            }
            return Double.POSITIVE_INFINITY;
        }
    }

    /** The users whose turn comes next, their rows locked (skipping those another claimer holds). */
    private List<FairTurns.User> nextUsers(UserScope scope, int limit) throws SQLException {
        Statement st = users("fair_users_next", scope).set("limit", (long) limit);
        record Row(String owner, double pass, int allocation, Integer cap) {}
        List<Row> rows = new ArrayList<>();
        try (ResultSet rs = st.query()) {
            while (rs.next()) {
                rows.add(new Row(
                        rs.getString("owner"),
                        DispatchKey.racePosition(rs.getBytes("pass")),
                        rs.getInt("allocation"),
                        Rows.nullableInt(rs, "concurrency")));
            }
        }
        List<FairTurns.User> users = new ArrayList<>(rows.size());
        for (Row row : rows) {
            int room = row.cap() == null ? Integer.MAX_VALUE : row.cap() - leased(row.owner(), row.cap());
            users.add(new FairTurns.User(row.owner(), row.pass(), row.allocation(), room));
        }
        return users;
    }

    /** The user's leases now (up to its cap), counted once its row is locked. */
    private int leased(String owner, int cap) throws SQLException {
        byte[][] range = DispatchKey.userRange(owner);
        try (ResultSet rs = tx.prepare("fair_user_leased")
                .set("queue", claim.queue())
                .set("key_from", range[0])
                .set("key_to", range[1])
                .set("cap", (long) cap)
                .query()) {
            rs.next();
            return rs.getInt("n");
        }
    }

    private Statement users(String name, UserScope scope) throws SQLException {
        Statement st = tx.prepare(name, scope.userFilters())
                .set("queue", claim.queue())
                .set(
                        "default_concurrency",
                        queue.defaultConcurrency() == null ? null : (long) queue.defaultConcurrency());
        if (st.parameterNames().contains("default_allocation")) {
            st.set("default_allocation", (long) queue.defaultAllocation());
        }
        scope.bind(st);
        return st;
    }

    /**
     * Leases each user's next tasks as planned, one statement for all users given the same number, and moves their
     * passes by what they got, in one more statement; answers the users that got fewer than planned.
     */
    private Set<String> take(List<FairTurns.Turn> turns) throws SQLException {
        Map<Integer, List<String>> ownersByTasks = new TreeMap<>();
        for (FairTurns.Turn turn : turns) {
            ownersByTasks
                    .computeIfAbsent(turn.tasks(), n -> new ArrayList<>())
                    .add(turn.user().name());
        }
        Map<String, List<Claimed>> byOwner = new HashMap<>();
        for (Map.Entry<Integer, List<String>> group : ownersByTasks.entrySet()) {
            try (ResultSet rs = ClaimStatement.prepare(tx, "fair_claim_users", claim, null, group.getKey())
                    .setTexts("owners", group.getValue())
                    .query()) {
                while (rs.next()) {
                    Claimed row = reader.read(rs);
                    byOwner.computeIfAbsent(DispatchKey.fairOwner(row.key()), o -> new ArrayList<>())
                            .add(row);
                }
            }
        }
        Set<String> shortOfPlan = new HashSet<>();
        List<List<Object>> passes = new ArrayList<>(turns.size());
        for (FairTurns.Turn turn : turns) {
            FairTurns.User user = turn.user();
            List<Claimed> batch = byOwner.getOrDefault(user.name(), new ArrayList<>());
            batch.sort(Claimed.IN_DISPATCH_ORDER);
            claimed.addAll(batch);
            int taken = batch.size();
            double step = FairTurns.step(user.allocation());
            if (taken > 0) {
                largestPassServed = Math.max(largestPassServed, turn.start() + (taken - 1) * step);
            }
            if (taken < turn.tasks()) {
                shortOfPlan.add(user.name());
            }
            // Fewer tasks than asked: the user has no more ready ones, unless the claim passed some over (by type or
            // size). Its row leaves the turns until a task of its becomes ready again (the trigger sets it back).
            boolean drained = taken < turn.tasks() && !claim.filtersTasks();
            passes.add(List.of(
                    user.name(), HEX.formatHex(DispatchKey.race(turn.start() + taken * step)), drained ? 0 : 1));
        }
        tx.prepare("fair_users_turn")
                .set("queue", claim.queue())
                .set("turns", Json.write(passes))
                .set("now", claim.now())
                .update();
        return shortOfPlan;
    }
}
