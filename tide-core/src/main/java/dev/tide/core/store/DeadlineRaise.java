package dev.tide.core.store;

import dev.tide.api.DeadlineNotice;
import java.util.List;

/**
 * A deadline notice to raise: the task or job moves from {@code raisedBefore} to the notice's level (a
 * compare-and-set), and only if it does are its event and alert tasks inserted, in the same transaction.
 *
 * @param raisedBefore the level read with the due row ({@link DeadlineDue#raised()})
 * @param alerts the job type's alert tasks, resolved by the engine
 */
public record DeadlineRaise(DeadlineNotice notice, int raisedBefore, EventRow event, List<TaskRow> alerts) {

    /** The level the task or job moves to. */
    public int raisedAfter() {
        return notice.kind() == DeadlineNotice.Kind.WARNING ? DeadlineDue.WARNED : DeadlineDue.VIOLATED;
    }
}
