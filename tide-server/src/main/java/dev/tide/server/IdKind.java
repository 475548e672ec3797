package dev.tide.server;

import java.util.Locale;

/**
 * What an id-bearing place of a request names, as openapi.yaml marks it ({@code x-tide-id}). Tasks and jobs are
 * checked against their owner for a confined caller ({@link Ownership}); the other kinds are checked by their routes:
 * {@code user} keeps a submitter to itself (403 for another owner), and the rest name what only workers or
 * administrators may reach, or nothing of anyone's ({@code none}).
 */
enum IdKind {
    TASK,
    JOB,
    USER,
    WORKER,
    KEY,
    CURSOR,
    QUEUE,
    TYPE,
    PROFILE,
    SCHEDULE,
    PROCESSOR,
    TOKEN,
    EVENT,
    /** A bulk action: its route answers another user's as missing. */
    BULK,
    NONE;

    /** How the mark spells it. */
    String mark() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** The kind a mark names; an unknown one is a fault of the document. */
    static IdKind ofMark(String mark, String where) {
        for (IdKind kind : values()) {
            if (kind.mark().equals(mark)) {
                return kind;
            }
        }
        throw new IllegalStateException(
                where + ": x-tide-id '" + mark + "' is not one of task, job, user, worker, key, "
                        + "cursor, queue, type, profile, schedule, processor, token, event, bulk, none");
    }
}
