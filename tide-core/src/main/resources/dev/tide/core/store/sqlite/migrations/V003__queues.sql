-- Defined queues. A queue that has no row here serves in priority order and is not suspended.
CREATE TABLE tide_queues (
    name            TEXT PRIMARY KEY,
    discipline      TEXT NOT NULL,       -- fifo | priority | edf
    suspended       INTEGER NOT NULL DEFAULT 0,   -- 1 while suspended
    -- While tasks queued before a change of discipline are being re-keyed: the last task id done so far (0 at the
    -- start); NULL when there is nothing to do.
    rekey_after_id  INTEGER,
    changed_at      INTEGER NOT NULL,    -- when the discipline last changed
    updated_at      INTEGER NOT NULL
);
