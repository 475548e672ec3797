package dev.tide.api;

/**
 * How a queue serves its tasks. A queue need not be defined to be used: an undefined queue serves in
 * {@link Discipline#PRIORITY} order.
 *
 * @param discipline the order of dispatch; null for {@link Discipline#PRIORITY}
 */
public record QueueDefinition(String name, Discipline discipline) {

    public QueueDefinition {
        TaskType.requireName("name", name);
        discipline = discipline == null ? Discipline.PRIORITY : discipline;
    }

    public static QueueDefinition named(String name) {
        return new QueueDefinition(name, null);
    }

    public QueueDefinition withDiscipline(Discipline value) {
        return new QueueDefinition(name, value);
    }
}
