package dev.tide.core.engine;

import dev.tide.api.Misfire;
import dev.tide.api.Schedule;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;

/**
 * What one pass does with a due schedule: which of its firings up to now enqueue an instance, which fire nothing (by
 * the misfire policy, the catch-up bound, or their instances' expiry), and its next firing after now.
 *
 * <p>Firings from the schedule's next firing {@code due} to {@code now} are walked backward from now, so the work is
 * bounded by {@link Schedule#MAX_FIRINGS_PER_CATCH_UP} however long the engine was away. A firing at least
 * {@code now - misfireGrace} is on time and fires; an older one is missed: {@link Misfire#SKIP} stops at it,
 * {@link Misfire#ONCE} fires it (the latest missed) and stops, {@link Misfire#ALL} goes on. What fires is therefore
 * always the latest firings, and what does not is the earliest: {@code [due, droppedTo]}.
 *
 * @param fire the firings that enqueue an instance, oldest first
 * @param droppedTo the latest firing that fires nothing, or null when every firing from {@code due} fires
 * @param next the first firing after now, or null when the expression never fires again
 */
public record FiringPlan(List<Instant> fire, Instant droppedTo, Instant next) {

    public static FiringPlan of(CronTimes times, Schedule schedule, Instant due, Instant now) {
        Instant cutoff = now.minus(schedule.misfireGrace());
        List<Instant> latestFirst = new ArrayList<>();
        Optional<Instant> at = times.previous(now.plusMillis(1));
        while (at.isPresent() && !at.get().isBefore(due) && latestFirst.size() < Schedule.MAX_FIRINGS_PER_CATCH_UP) {
            Instant firing = at.get();
            boolean missed = firing.isBefore(cutoff);
            if (missed && schedule.misfire() == Misfire.SKIP) {
                break;
            }
            latestFirst.add(firing);
            if (missed && schedule.misfire() == Misfire.ONCE) {
                break;
            }
            at = times.previous(firing);
        }
        Duration expireAfter = schedule.expireAfter();
        if (expireAfter != null) {
            // An instance that would be born expired is not enqueued; these are the oldest, so what fires stays the
            // latest firings.
            latestFirst.removeIf(firing -> !firing.plus(expireAfter).isAfter(now));
        }
        Collections.reverse(latestFirst);
        Instant oldestFired = latestFirst.isEmpty() ? now.plusMillis(1) : latestFirst.get(0);
        Instant droppedTo =
                times.previous(oldestFired).filter(f -> !f.isBefore(due)).orElse(null);
        return new FiringPlan(
                List.copyOf(latestFirst), droppedTo, times.next(now).orElse(null));
    }
}
