-- Bulk actions (issue 18): retry, cancel, park or unpark of selected tasks or of all that match a filter. One row per
-- bulk action with its progress; processed = changed + skipped moves in the transaction of each batch. A running one
-- is worked by one node at a time: runner names it and runner_until is its lease (epoch ms), extended by each batch,
-- so another node takes over a bulk action whose node died once the lease has run out.
CREATE TABLE tide_bulk_actions (
    id             INTEGER PRIMARY KEY AUTOINCREMENT,
    action         TEXT NOT NULL,                -- retry, cancel, park, unpark
    state          TEXT NOT NULL,                -- running, done, cancelled, failed
    actor          TEXT,                         -- who started it; NULL when unknown
    owner          TEXT,                         -- the tenant it is confined to; NULL for everyone's
    reason         TEXT,                         -- cancel's message
    up_to_task_id  INTEGER,                         -- with a filter: no task with a higher id was chosen
    matched        INTEGER NOT NULL DEFAULT 0,
    processed      INTEGER NOT NULL DEFAULT 0,
    changed        INTEGER NOT NULL DEFAULT 0,
    skipped        INTEGER NOT NULL DEFAULT 0,
    batches        INTEGER NOT NULL DEFAULT 0,
    runner         TEXT,
    runner_until   INTEGER,
    created_at     INTEGER NOT NULL,
    finished_at    INTEGER,
    message        TEXT
);

-- The running ones, which every node's bulk pass looks for.
CREATE INDEX tide_bulk_actions_running ON tide_bulk_actions (id) WHERE state = 'running';
CREATE INDEX tide_bulk_actions_owner ON tide_bulk_actions (owner, id);

-- The tasks a bulk action chose when it started, taken in id order by its batches; each batch deletes the ids it
-- processed, so what is left is what remains to do.
CREATE TABLE tide_bulk_action_tasks (
    bulk_id  INTEGER NOT NULL,
    task_id  INTEGER NOT NULL,
    PRIMARY KEY (bulk_id, task_id)
) WITHOUT ROWID;
