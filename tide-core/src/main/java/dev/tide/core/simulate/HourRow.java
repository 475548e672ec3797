package dev.tide.core.simulate;

import java.time.LocalDateTime;

/**
 * One simulated hour, every figure read from the engine or its store.
 *
 * @param start the hour's first instant, wall-clock in the simulation's zone
 * @param load the load signal's value reported for the hour; NaN without a load curve
 * @param allowed the hourly limit of the profiles (summed over them), the highest in force during the hour, as
 *     {@code profileStatus()} reports it; null when a profile limits nothing in this hour
 * @param used the units counted in the profiles' hour rows in the store (summed over them)
 * @param completed the tasks that finished (succeeded) in the hour, counted from the store's finish times
 * @param waitingAtStart ready tasks in the store when the hour began, after its arrivals
 * @param waitingAtEnd ready tasks in the store when the hour ended
 */
public record HourRow(
        LocalDateTime start,
        double load,
        Long allowed,
        long used,
        long completed,
        long waitingAtStart,
        long waitingAtEnd) {}
