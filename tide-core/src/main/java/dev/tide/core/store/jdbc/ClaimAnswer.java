package dev.tide.core.store.jdbc;

import dev.tide.api.LeasedTask;
import dev.tide.core.store.TaskClaim;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.List;

/**
 * How a claim's leased rows become the tasks it answers: read whole by the claim statement itself
 * ({@link #WHOLE_ROWS}), or, where one writer thread bounds throughput (SQLite), leased on the writer by id and key
 * only and read afterwards on a reader.
 */
public interface ClaimAnswer {
    /** One row of a claim statement's answer ({@code task_claim}, {@code fair_claim_users}). */
    Claimed row(ResultSet rs, TaskClaim claim) throws SQLException;

    /** The tasks of the rows a claim leased, in its order, once its transaction has committed. */
    List<LeasedTask> tasks(List<Claimed> claimed, TaskClaim claim);

    /** The claim statements answer each task whole. */
    ClaimAnswer WHOLE_ROWS = new ClaimAnswer() {
        @Override
        public Claimed row(ResultSet rs, TaskClaim claim) throws SQLException {
            return Claimed.read(rs, Rows.leased(rs, claim.leaseMillis()));
        }

        @Override
        public List<LeasedTask> tasks(List<Claimed> claimed, TaskClaim claim) {
            return claimed.stream().map(Claimed::task).toList();
        }
    };
}
