-- Statistics per task type and hour (seed 000's queue_stats), and the digest's bookkeeping.
--
-- hour_start is the instant (epoch milliseconds, UTC) the hour began. The counts are added in the same transaction as
-- the change they count (StatsSql). A (type, hour) may be spread over several slot rows so that concurrent writers on
-- PostgreSQL do not queue on one row; readers sum the slots. SQLite has one writer and uses slot 0 only.
CREATE TABLE tide_stats (
    task_type   TEXT NOT NULL,
    hour_start  INTEGER NOT NULL,
    slot        INTEGER NOT NULL,
    started     INTEGER NOT NULL DEFAULT 0,   -- attempts begun (claims)
    succeeded   INTEGER NOT NULL DEFAULT 0,   -- tasks ended succeeded
    failed      INTEGER NOT NULL DEFAULT 0,   -- tasks ended failed for good (no attempt left, or failed on purpose)
    retried     INTEGER NOT NULL DEFAULT 0,   -- attempts that ended in a retry (the task runs again later)
    expired     INTEGER NOT NULL DEFAULT 0,   -- waiting tasks ended expired
    units_used  INTEGER NOT NULL DEFAULT 0,   -- work units the ended attempts used
    PRIMARY KEY (task_type, hour_start, slot)
);
CREATE INDEX tide_stats_hour ON tide_stats (hour_start);

-- The digest's last period end: one row, moved by compare-and-set in the transaction that enqueues the digest, so that
-- one digest goes out per period however many nodes try. NULL until the first pass starts the count.
CREATE TABLE tide_digest (
    id            INTEGER PRIMARY KEY CHECK (id = 1),
    last_sent_at  INTEGER
);
INSERT INTO tide_digest (id, last_sent_at) VALUES (1, NULL);
