package dev.tide.core.store.jdbc;

import dev.tide.api.UserFilter;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * The owners one step of a claim may serve. A claim with preferred users runs two steps: the preferred ones first
 * ({@link #steps}), then everyone its filter allows.
 *
 * @param only these owners and no others; null for any
 * @param excluded never these owners
 * @param byRequest whether the claim named its users as required: then prohibited users and users with allocation 0
 *     are served too (a dedicated processor), which no other claim does
 */
record UserScope(Set<String> only, Set<String> excluded, boolean byRequest) {

    static List<UserScope> steps(UserFilter filter) {
        boolean required = !filter.required().isEmpty();
        UserScope everyone = new UserScope(required ? filter.required() : null, filter.excluded(), required);
        if (filter.preferred().isEmpty()) {
            return List.of(everyone);
        }
        Set<String> preferred = new LinkedHashSet<>(filter.preferred());
        if (required) {
            preferred.retainAll(filter.required());
        }
        return List.of(new UserScope(preferred, filter.excluded(), required), everyone);
    }

    /** The same scope, also leaving out {@code more}. */
    UserScope without(Set<String> more) {
        if (more.isEmpty()) {
            return this;
        }
        Set<String> all = new HashSet<>(excluded);
        all.addAll(more);
        return new UserScope(only, all, byRequest);
    }

    /** Filter statements on tasks, for the owners of this scope ({@code claim_*}). */
    List<String> taskFilters() {
        return filters("claim_if_owners", "claim_unless_owners", "claim_unless_prohibited");
    }

    /**
     * Filter statements on a fair queue's users ({@code fair_*}): those at their concurrency cap are always left out,
     * and those out of the turns unless the claim requires them.
     */
    List<String> userFilters() {
        List<String> filters = new ArrayList<>(List.of("fair_under_cap"));
        filters.addAll(filters("fair_if_users", "fair_unless_users", "fair_unless_prohibited"));
        if (!byRequest) {
            filters.add("fair_if_allocated");
        }
        return filters;
    }

    private List<String> filters(String ifOwners, String unlessOwners, String unlessProhibited) {
        List<String> filters = new ArrayList<>(3);
        if (only != null) {
            filters.add(ifOwners);
        }
        if (!excluded.isEmpty()) {
            filters.add(unlessOwners);
        }
        if (!byRequest) {
            filters.add(unlessProhibited);
        }
        return filters;
    }

    /** Binds the lists the filters of {@link #taskFilters} or {@link #userFilters} name. */
    void bind(Statement st) throws SQLException {
        if (only != null) {
            st.setTexts("owners", only);
        }
        if (!excluded.isEmpty()) {
            st.setTexts("excluded", excluded);
        }
    }
}
