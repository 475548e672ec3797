package dev.tide.api;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * Which owners' (users') tasks a claim may take, as a processor that serves some users and not others does (seed
 * 004's grabSubmission).
 *
 * @param required only these users' tasks; nothing when none of them has one ready. The only way to be served a
 *     prohibited user's tasks ({@link Queues#prohibitUsers}); also serves users whose allocation is 0
 * @param excluded never these users' tasks
 * @param preferred these users' tasks first (in their fair turn order on a fair queue, else in dispatch order), then
 *     anyone's
 */
public record UserFilter(Set<String> required, Set<String> excluded, List<String> preferred) {

    /** No restriction: any user's tasks, prohibited users left out. */
    public static final UserFilter ANY = new UserFilter(Set.of(), Set.of(), List.of());

    public UserFilter {
        required = required == null ? Set.of() : Set.copyOf(required);
        excluded = excluded == null ? Set.of() : Set.copyOf(excluded);
        preferred = preferred == null ? List.of() : List.copyOf(new LinkedHashSet<>(preferred));
        if (!required.isEmpty() && !excluded.isEmpty()) {
            throw new InvalidRequestException("users", "give required or excluded users, not both");
        }
    }

    public static UserFilter requiring(String... users) {
        return new UserFilter(Set.of(users), Set.of(), List.of());
    }

    public static UserFilter excluding(String... users) {
        return new UserFilter(Set.of(), Set.of(users), List.of());
    }

    public static UserFilter preferring(String... users) {
        return new UserFilter(Set.of(), Set.of(), List.of(users));
    }

    /** Every user this filter names, for validation. */
    public List<String> allNamed() {
        List<String> all = new ArrayList<>(required);
        all.addAll(excluded);
        all.addAll(preferred);
        return all;
    }
}
