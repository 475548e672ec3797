package dev.tide.core.simulate;

/**
 * How the workload's deadlines fared, read from the store when the simulation ends.
 *
 * @param met tasks (and jobs) that finished by their deadline
 * @param missed tasks (and jobs) that finished after it, or had not finished when it passed
 * @param open unfinished tasks (and jobs) whose deadline lies after the simulation's end
 * @param withoutDeadline finished tasks that had none
 */
public record Deadlines(long met, long missed, long open, long withoutDeadline) {}
