package dev.tide.core.store;

import java.util.Set;

/**
 * What profiles take out of a claim: the types and job types whose profile has no room left, and, for a step that
 * serves one boosted job type's profile first, that job type.
 *
 * @param closedTypes task types whose own profile has no room
 * @param closedJobTypes job types whose profile has no room (for tasks whose own type has no profile)
 * @param profiledTypes the task types that have a profile of their own, which no job type's profile governs
 * @param onlyJobType null, or the job type whose profile alone this step serves
 */
public record ClaimNarrowing(
        Set<String> closedTypes, Set<String> closedJobTypes, Set<String> profiledTypes, String onlyJobType) {

    public ClaimNarrowing {
        closedTypes = Set.copyOf(closedTypes);
        closedJobTypes = Set.copyOf(closedJobTypes);
        profiledTypes = Set.copyOf(profiledTypes);
    }

    /** Whether it passes over any task at all. */
    public boolean narrows() {
        return !closedTypes.isEmpty() || !closedJobTypes.isEmpty() || onlyJobType != null;
    }
}
