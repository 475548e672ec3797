package dev.tide.bench;

import dev.tide.api.NewTask;

/** What a capability adds to each of the benchmark's tasks: a key, a dependency, a deadline, its job. */
@FunctionalInterface
interface TaskShape {
    /** Adds nothing: the workload's tasks as they are. */
    TaskShape NONE = (n, task) -> {};

    /** Adds to {@code task}, the benchmark's task number {@code n}. */
    void add(int n, NewTask.Builder task);
}
