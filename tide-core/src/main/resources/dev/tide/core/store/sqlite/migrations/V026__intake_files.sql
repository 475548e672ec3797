-- Folder intake's record of each file a pass took or refused (docs/intake.md), for every node and the dashboard: the
-- intake's pass writes it with its counts (nothing on the hot path). Read newest first by id; maintenance deletes the
-- entries older than the event log's retention, by the index on at. Times are epoch milliseconds, UTC.
CREATE TABLE tide_intake_files (
    id       INTEGER PRIMARY KEY AUTOINCREMENT,
    at       INTEGER NOT NULL,                 -- when the node took or refused it, by the engine's clock
    owner    TEXT NOT NULL,                    -- the user folder: the owner of its task
    queue    TEXT,                             -- the queue folder; NULL for a file outside any
    name     TEXT NOT NULL,                    -- the file's name as it was in the inbox
    outcome  TEXT NOT NULL CHECK (outcome IN ('stored', 'rejected')),
    task_id  INTEGER,                          -- the task it became; NULL when rejected
    reason   TEXT                              -- why it was rejected; NULL when stored
);
CREATE INDEX tide_intake_files_at ON tide_intake_files (at);
