-- Per-user admission across every queue: a user's pending limit (tasks not yet leased: scheduled, blocked, ready,
-- parked) and submissions per minute (tide_accounts, or the
-- defaults in tide_settings).
--
-- The pending count reads this index up to the limit; the minute counts are upserted and locked by each enqueue of
-- their user, so the limit holds across nodes. Rows of past minutes are pruned by maintenance.
CREATE INDEX tide_tasks_owner_pending ON tide_tasks (owner)
    WHERE owner <> '' AND state IN ('scheduled', 'blocked', 'ready', 'parked');

CREATE TABLE tide_owner_minutes (
    owner         TEXT NOT NULL,
    minute_start  bigint NOT NULL,
    submitted     integer NOT NULL,
    PRIMARY KEY (owner, minute_start)
);
