package dev.tide.core.store.jdbc;

import dev.tide.core.store.ClaimNarrowing;
import dev.tide.core.store.TaskClaim;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

/** A claim statement ({@code task_claim}, {@code fair_claim_users}) with the filters one claim asks for, bound. */
final class ClaimStatement {
    private ClaimStatement() {}

    /**
     * @param scope the owners this step may serve; null when the statement names its user itself
     */
    static Statement prepare(Tx tx, String name, TaskClaim claim, UserScope scope, int limit) throws SQLException {
        List<String> filters = new ArrayList<>(List.of("claim_unexpired"));
        if (!claim.types().isEmpty()) {
            filters.add("claim_if_types");
        }
        if (claim.maxPayloadBytes() != null) {
            filters.add("claim_if_payload_at_most");
        }
        if (scope != null) {
            filters.addAll(scope.taskFilters());
        }
        ClaimNarrowing narrowing = claim.narrowing();
        if (narrowing != null) {
            if (!narrowing.closedTypes().isEmpty()) {
                filters.add("claim_unless_types");
            }
            if (!narrowing.closedJobTypes().isEmpty()) {
                filters.add("claim_unless_job_types");
            }
            if (narrowing.onlyJobType() != null) {
                filters.add("claim_if_job_type");
            }
        }
        Statement st = tx.prepare(name, filters)
                .set("owner", claim.owner())
                .set("account", claim.account())
                .set("token", claim.token())
                .set("now", claim.now())
                .set("lease_ms", claim.leaseMillis())
                .set("queue", claim.queue())
                .set("limit", (long) limit);
        if (!claim.types().isEmpty()) {
            st.setTexts("types", claim.types());
        }
        if (claim.maxPayloadBytes() != null) {
            st.set("max_payload_bytes", claim.maxPayloadBytes());
        }
        if (scope != null) {
            scope.bind(st);
        }
        if (narrowing != null) {
            bind(st, narrowing);
        }
        return st;
    }

    private static void bind(Statement st, ClaimNarrowing narrowing) throws SQLException {
        if (!narrowing.closedTypes().isEmpty()) {
            st.setTexts("closed_types", narrowing.closedTypes());
        }
        if (!narrowing.closedJobTypes().isEmpty()) {
            st.setTexts("closed_job_types", narrowing.closedJobTypes());
        }
        if (!narrowing.closedJobTypes().isEmpty() || narrowing.onlyJobType() != null) {
            st.setTexts("profiled_types", narrowing.profiledTypes());
        }
        if (narrowing.onlyJobType() != null) {
            st.set("only_job_type", narrowing.onlyJobType());
        }
    }
}
