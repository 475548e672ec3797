package dev.tide.api;

import java.util.List;

/**
 * Retry, cancel, park or unpark many tasks at once: those a person selected, or all that match a filter. The person
 * first sees how many match ({@link #match}), confirms, and {@link #start} chooses the tasks matching then, received up
 * to the counted ones; the server then works through them in batches of at most {@link #BATCH_SIZE}, one transaction
 * each, so progress shows ({@link #get}) and a {@link #cancel} stops it between batches. A node that dies leaves its
 * bulk action to another node (or itself, restarted), which goes on at the next batch: no task is done twice.
 *
 * <p>Each start, cancel and end is written to the event log with its actor ({@link Actor}) and counts. Through a
 * server, a submitter's bulk actions reach its own tasks only, and another user's bulk action answers as a missing
 * one.
 */
public interface BulkActions {
    /** The most tasks one batch (one transaction) processes. */
    int BATCH_SIZE = 1000;

    /** The longest {@link #recent} list. */
    int MAX_RECENT = 1000;

    /** How many tasks {@code filter} matches now (its cursor, limit and sort are ignored), and the highest id. */
    BulkMatch match(TaskQuery filter);

    /**
     * Chooses the tasks (in one transaction) and answers at once, {@link BulkState#RUNNING}: the batches run in the
     * background on the engine (with maintenance off, on {@code Tide.passes().runBulkActions()}).
     */
    BulkInfo start(BulkRequest request);

    /** The bulk action, or {@link NotFoundException}. */
    BulkInfo get(long id);

    /** The latest bulk actions, newest first; {@code limit} from 1 to {@link #MAX_RECENT}. */
    List<BulkInfo> recent(int limit);

    /**
     * Stops it before its next batch (the batches done stay done) and answers it; one that has already ended is
     * answered as it is. {@link NotFoundException} for an unknown id.
     */
    BulkInfo cancel(long id);
}
