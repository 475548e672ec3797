package dev.tide.core.store.jdbc;

import dev.tide.api.Lease;
import dev.tide.api.LeasedTask;
import dev.tide.api.ProfileFullException;
import dev.tide.core.store.ExpiredLease;
import dev.tide.core.store.LeaseExtension;
import dev.tide.core.store.TaskClaim;
import dev.tide.core.store.TaskClaimById;
import dev.tide.core.store.TaskClaims;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Leasing tasks to workers, and the leases a worker holds.
 */
public final class JdbcTaskClaims implements TaskClaims {
    private final Database db;
    private final TaskClaiming claiming;
    private final ClaimAnswer answer;

    JdbcTaskClaims(Database db, TaskClaiming claiming, ClaimAnswer answer) {
        this.db = db;
        this.claiming = claiming;
        this.answer = answer;
    }

    @Override
    public List<LeasedTask> taskClaim(TaskClaim claim) {
        return answer.tasks(claiming.claimCounted(claim), claim);
    }

    @Override
    public Optional<LeasedTask> taskClaimById(TaskClaimById claim) {
        return db.write(tx -> {
            TaskClaiming.ById got = claiming.leaseById(tx, claim);
            if (got.full() != null) {
                // thrown inside the transaction, so the lease is undone with it
                throw new ProfileFullException("task " + claim.taskId() + ": profile "
                        + got.full().key() + " has no room for its " + got.units() + " unit(s) now");
            }
            return Optional.ofNullable(got.task());
        });
    }

    @Override
    public List<Lease> taskLeaseExtend(LeaseExtension extension) {
        if (extension.leases().size() > 1 && db.dialect().extendsLeasesInBulk()) {
            return db.write(tx -> db.dialect().extendLeases(tx, extension));
        }
        return db.write(tx -> {
            List<Lease> held = new ArrayList<>();
            Statement st = tx.prepare("task_lease_extend");
            for (LeaseExtension.LeaseRef ref : extension.leases()) {
                try (ResultSet rs = st.set("now", extension.now())
                        .set("lease_ms", extension.leaseMillis())
                        .set("id", ref.taskId())
                        .set("token", ref.token())
                        .query()) {
                    if (rs.next()) {
                        held.add(new Lease(
                                rs.getLong("id"),
                                rs.getString("lease_owner"),
                                rs.getString("lease_token"),
                                Rows.instant(rs, "lease_expires_at"),
                                Duration.ofMillis(rs.getLong("granted_ms"))));
                    }
                }
            }
            return held;
        });
    }

    @Override
    public List<LeasedTask> taskLeaseList(String owner, String account) {
        return db.read(tx -> {
            List<LeasedTask> out = new ArrayList<>();
            try (ResultSet rs = tx.prepare("task_lease_list")
                    .set("owner", owner)
                    .set("account", account)
                    .query()) {
                while (rs.next()) {
                    out.add(Rows.leased(rs, null));
                }
            }
            return out;
        });
    }

    @Override
    public List<LeasedTask> taskLeaseResume(String owner, String account, String token, Instant now, Long leaseMillis) {
        return db.write(tx -> {
            List<LeasedTask> out = new ArrayList<>();
            try (ResultSet rs = tx.prepare("task_lease_resume")
                    .set("token", token)
                    .set("now", now)
                    .set("lease_ms", leaseMillis)
                    .set("owner", owner)
                    .set("account", account)
                    .query()) {
                while (rs.next()) {
                    out.add(Rows.leased(rs, leaseMillis));
                }
            }
            out.sort((a, b) -> Long.compare(a.id(), b.id()));
            return out;
        });
    }

    @Override
    public List<ExpiredLease> taskLeaseOfOwner(String owner, String account) {
        return db.read(tx -> expiredLeases(
                tx.prepare("task_lease_of_owner").set("owner", owner).set("account", account)));
    }

    static List<ExpiredLease> expiredLeases(Statement st) throws SQLException {
        List<ExpiredLease> out = new ArrayList<>();
        try (ResultSet rs = st.query()) {
            while (rs.next()) {
                out.add(new ExpiredLease(
                        rs.getLong("id"),
                        rs.getString("lease_token"),
                        rs.getString("type"),
                        rs.getInt("attempts"),
                        rs.getInt("max_attempts")));
            }
        }
        return out;
    }
}
