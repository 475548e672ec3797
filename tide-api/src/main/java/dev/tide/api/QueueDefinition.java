package dev.tide.api;

import java.util.Set;

/**
 * How a queue serves its tasks. A queue need not be defined to be used: an undefined queue serves in
 * {@link Discipline#PRIORITY} order.
 *
 * @param discipline the order of dispatch; null for {@link Discipline#PRIORITY}
 * @param defaultAllocation in a {@link Discipline#FAIR} queue, the tasks each user gets per round unless given its
 *     own ({@link TaskQueue#assignUsers}); 0 leaves users out of the turns. Null for 1
 * @param defaultConcurrency in a fair queue, the most tasks of one user leased at once across all workers and nodes
 *     unless given its own; 0 dispatches none. Null for no cap
 * @param prohibitedUsers users whose tasks in this queue go only to claims that require them by name, in addition to
 *     the server-wide ones ({@link TaskQueue#prohibitUsers}). Null for none
 */
public record QueueDefinition(
        String name,
        Discipline discipline,
        Integer defaultAllocation,
        Integer defaultConcurrency,
        Set<String> prohibitedUsers) {

    public QueueDefinition {
        TaskType.requireName("name", name);
        discipline = discipline == null ? Discipline.PRIORITY : discipline;
        defaultAllocation = defaultAllocation == null ? 1 : defaultAllocation;
        UserShares.requireShare("defaultAllocation", defaultAllocation);
        UserShares.requireShare("defaultConcurrency", defaultConcurrency);
        prohibitedUsers = prohibitedUsers == null ? Set.of() : Set.copyOf(prohibitedUsers);
    }

    public static QueueDefinition named(String name) {
        return new QueueDefinition(name, null, null, null, null);
    }

    public QueueDefinition withDiscipline(Discipline value) {
        return new QueueDefinition(name, value, defaultAllocation, defaultConcurrency, prohibitedUsers);
    }

    public QueueDefinition withDefaultAllocation(Integer value) {
        return new QueueDefinition(name, discipline, value, defaultConcurrency, prohibitedUsers);
    }

    public QueueDefinition withDefaultConcurrency(Integer value) {
        return new QueueDefinition(name, discipline, defaultAllocation, value, prohibitedUsers);
    }

    public QueueDefinition withProhibitedUsers(Set<String> value) {
        return new QueueDefinition(name, discipline, defaultAllocation, defaultConcurrency, value);
    }
}
