package dev.tide.core.store;

import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * Deadline notices: finding tasks and jobs past a deadline and raising each notice once.
 */
public interface DeadlineStore {

    /**
     * Unfinished tasks at notice level {@code raised} whose deadline is at or before {@code until}, earliest deadline
     * first: one range of the deadline index, never a scan.
     */
    List<DeadlineDue> taskDeadlineDue(int raised, Instant until, int limit);

    /** Open jobs at notice level {@code raised} whose deadline is at or before {@code until}, earliest first. */
    List<DeadlineDue> jobDeadlineDue(int raised, Instant until, int limit);

    /** The earliest deadline among unfinished tasks and open jobs at notice level {@code raised}. */
    Optional<Instant> deadlineNext(int raised);

    /**
     * Raises deadline notices in one transaction, each a compare-and-set on the task's or job's notice level, with its
     * event and alert tasks; returns those raised.
     */
    DeadlineRaised deadlineRaise(List<DeadlineRaise> raises);
}
