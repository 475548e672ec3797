package dev.tide.core.store.jdbc;

import dev.tide.api.Discipline;
import dev.tide.api.LeasedTask;
import dev.tide.api.Profile;
import dev.tide.core.dispatch.DispatchKey;
import dev.tide.core.store.TaskClaim;
import dev.tide.core.store.TaskClaimById;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The claim transaction script: leases a queue's ready tasks in dispatch order, one statement per step of the claim
 * (preferred users first), through the profiles when any is defined and the fair claim when the queue is fair, and
 * counts what it started in the hourly statistics.
 */
final class TaskClaiming {
    private final Database db;
    private final LiveProfiles profiles;
    private final ClaimAnswer answer;
    private final LateLaneTurns lateLane = new LateLaneTurns();

    TaskClaiming(Database db, LiveProfiles profiles, ClaimAnswer answer) {
        this.db = db;
        this.profiles = profiles;
        this.answer = answer;
    }

    /**
     * Runs the claim and counts its grants in its session once it has committed (a transaction run again after a
     * deadlock must not count twice).
     */
    List<Claimed> claimCounted(TaskClaim claim) {
        List<Claimed> claimed;
        try {
            claimed = db.write(tx -> claimRows(tx, claim, profiles.known()));
        } catch (ProfilesChanged changed) {
            claimed = claimUnderNewProfiles(claim);
        }
        for (Claimed row : claimed) {
            if (row.grant() != null) {
                claim.session().add(row.grant().profileKey(), row.grant().units());
            }
        }
        return claimed;
    }

    /** Claims again under the profiles read in the claim's own transaction, as often as they change meanwhile. */
    private List<Claimed> claimUnderNewProfiles(TaskClaim claim) {
        while (true) {
            try {
                return db.write(tx -> claimRows(tx, claim, profiles.current(tx)));
            } catch (ProfilesChanged again) {
                // changed once more between the read and the claim: rare, and each turn sees a newer revision
            }
        }
    }

    /**
     * Leases the claim's tasks and answers them in the order they were chosen, under {@code book}; throws
     * {@link ProfilesChanged} when the claim statement finds the database at another revision. One statement per step of the claim
     * (preferred users first) serves the queues whose order is their dispatch key; it serves nothing from a suspended
     * or a fair queue, and only when it served nothing is the queue's row read, to run a fair claim
     * ({@link FairClaim}) if the queue is fair. A roulette queue's race clock then moves to the last key drawn.
     */
    private List<Claimed> claimRows(Tx tx, TaskClaim claim, ProfileBook known) throws SQLException {
        // Under profiles a claim may lease nothing on their word alone (an hour known to be spent), where no claim
        // statement would answer the revision: their revision is read first. Without any, the statement's answer
        // carries it.
        ProfileBook book = known.isEmpty() ? known : profiles.current(tx);
        List<Claimed> claimed = book.isEmpty()
                ? claimInOrder(tx, claim, book)
                : ProfiledClaim.run(tx, claim, book, step -> claimInOrder(tx, step, book));
        if (!claimed.isEmpty()) {
            StatsTally tally = new StatsTally(claim.now());
            claimed.forEach(c -> tally.add(c.type(), claim.queue(), StatsTally.Count.STARTED, 1));
            tally.write(tx, db.dialect().statsSlot());
        }
        return claimed;
    }

    private List<Claimed> claimInOrder(Tx tx, TaskClaim claim, ProfileBook book) throws SQLException {
        List<UserScope> steps = UserScope.steps(claim.users());
        List<Claimed> claimed = new ArrayList<>();
        for (UserScope step : steps) {
            int left = claim.limit() - claimed.size();
            if (left == 0 || (step.only() != null && step.only().isEmpty())) {
                continue;
            }
            List<Claimed> batch = new ArrayList<>(left);
            try (ResultSet rs = ClaimStatement.prepare(tx, "task_claim", claim, step, left)
                    .set("late_lane", DispatchKey.LATE_LANE)
                    .set("late_share", (long) lateLane.share(claim.queue(), left))
                    .query()) {
                while (rs.next()) {
                    if (batch.isEmpty() && rs.getLong("profile_revision") != book.revision()) {
                        throw new ProfilesChanged();
                    }
                    batch.add(answer.row(rs, claim));
                }
            }
            batch.sort(Claimed.IN_DISPATCH_ORDER);
            claimed.addAll(batch);
        }
        if (claimed.isEmpty()) {
            QueueRow queue = QueueRow.read(tx, claim.queue());
            if (queue.discipline() != Discipline.FAIR || queue.suspended() || QueueSettings.serverSuspended(tx)) {
                return claimed;
            }
            // the fair claim's statements do not read the revision: it is checked here, once per fair claim
            profiles.requireCurrent(tx, book);
            return FairClaim.run(tx, claim, queue, steps, rs -> answer.row(rs, claim));
        }
        byte[] largest =
                claimed.stream().map(Claimed::key).max(Arrays::compareUnsigned).orElseThrow();
        if (largest.length == DispatchKey.RACE_LENGTH) {
            // only a roulette queue's keys are race positions; the fifo and priority keys are of other lengths, and
            // an edf queue's (of the same length) is left as it is by the statement, which checks the discipline
            advanceRaceClock(tx, claim.queue(), largest);
        }
        return claimed;
    }

    /**
     * A task leased by its id and counted against its profile: the leased task, or the profile that had no room for
     * its units (the lease then given back within the transaction), or neither when the task was not ready.
     */
    record ById(LeasedTask task, Profile full, int units) {}

    ById leaseById(Tx tx, TaskClaimById claim) throws SQLException {
        tx.prepare("task_claim_by_id_lock_user")
                .set("id", claim.taskId())
                .query()
                .close();
        Claimed row;
        try (ResultSet rs = tx.prepare("task_claim_by_id")
                .set("owner", claim.owner())
                .set("account", claim.account())
                .set("token", claim.token())
                .set("now", claim.now())
                .set("lease_ms", claim.leaseMillis())
                .set("id", claim.taskId())
                .query()) {
            if (!rs.next()) {
                return new ById(null, null, 0);
            }
            row = Claimed.read(rs, Rows.leased(rs, claim.leaseMillis()));
        }
        ProfileBook book = profiles.current(tx);
        Profile governing = book.governing(row.type(), row.jobType());
        LeasedTask leased = row.task();
        if (governing != null) {
            List<Claimed> admitted = ProfiledClaim.run(tx, claim.asClaim(), book, once(row));
            if (admitted.isEmpty()) {
                return new ById(null, governing, row.units());
            }
            leased = admitted.get(0).task();
        }
        StatsTally tally = new StatsTally(claim.now());
        tally.add(row.type(), row.task().task().queue(), StatsTally.Count.STARTED, 1);
        tally.write(tx, db.dialect().statsSlot());
        return new ById(leased, null, row.units());
    }

    /** A lessor that answers one row already leased, then nothing. */
    private static ProfiledClaim.Lessor once(Claimed row) {
        List<Claimed> rows = new ArrayList<>(List.of(row));
        return step -> {
            List<Claimed> now = List.copyOf(rows);
            rows.clear();
            return now;
        };
    }

    /** After a claim: a roulette queue's race clock moves up to the largest key claimed, a fair queue's to the pass. */
    static void advanceRaceClock(Tx tx, String queue, byte[] largestKey) throws SQLException {
        if (largestKey != null) {
            tx.prepare("queue_race_advance")
                    .set("name", queue)
                    .set("dispatch_key", largestKey)
                    .update();
        }
    }
}
