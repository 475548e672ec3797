-- Defined queues. A queue that has no row here serves in priority order and is not suspended.
CREATE TABLE tide_queues (
    name            text PRIMARY KEY,
    discipline      text NOT NULL,       -- fifo | priority | edf
    suspended       smallint NOT NULL DEFAULT 0,  -- 1 while suspended
    -- While tasks queued before a change of discipline are being re-keyed: the last task id done so far (0 at the
    -- start); NULL when there is nothing to do.
    rekey_after_id  bigint,
    changed_at      bigint NOT NULL,     -- when the discipline last changed
    updated_at      bigint NOT NULL
);
