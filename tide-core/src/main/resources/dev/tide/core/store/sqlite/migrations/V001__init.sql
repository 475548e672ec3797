-- Tide's schema on SQLite. Times are epoch milliseconds (INTEGER); JSON is stored as TEXT.

CREATE TABLE tide_task_types (
    name        TEXT PRIMARY KEY,
    definition  TEXT NOT NULL,          -- the TaskType as JSON
    updated_at  INTEGER NOT NULL
);

CREATE TABLE tide_job_types (
    name        TEXT PRIMARY KEY,
    definition  TEXT NOT NULL,          -- the JobType as JSON
    updated_at  INTEGER NOT NULL
);

CREATE TABLE tide_jobs (
    id           INTEGER PRIMARY KEY AUTOINCREMENT,
    type         TEXT NOT NULL,
    title        TEXT,
    owner        TEXT NOT NULL DEFAULT '',
    priority     INTEGER NOT NULL,
    deadline     INTEGER,
    state        TEXT NOT NULL,         -- open | finished
    outcome      TEXT,                  -- succeeded | failed | cancelled, once finished
    info         TEXT,
    total        INTEGER NOT NULL DEFAULT 0,
    succeeded    INTEGER NOT NULL DEFAULT 0,
    failed       INTEGER NOT NULL DEFAULT 0,
    cancelled    INTEGER NOT NULL DEFAULT 0,
    created_at   INTEGER NOT NULL,
    finished_at  INTEGER
);

CREATE INDEX tide_jobs_open ON tide_jobs (id) WHERE state = 'open';
CREATE INDEX tide_jobs_finished ON tide_jobs (finished_at) WHERE state = 'finished';

-- AUTOINCREMENT: ids are never reused, even after the newest tasks are pruned.
CREATE TABLE tide_tasks (
    id                INTEGER PRIMARY KEY AUTOINCREMENT,
    queue             TEXT NOT NULL,
    type              TEXT NOT NULL,
    job_id            INTEGER,
    owner             TEXT NOT NULL DEFAULT '',
    payload           TEXT,
    priority          INTEGER NOT NULL,
    dispatch_key      BLOB NOT NULL,     -- claim order within the queue, see DispatchKey
    run_at            INTEGER NOT NULL,
    deadline          INTEGER,
    state             TEXT NOT NULL,     -- scheduled | ready | leased | finished
    outcome           TEXT,              -- succeeded | failed | cancelled, once finished
    attempts          INTEGER NOT NULL DEFAULT 0,
    max_attempts      INTEGER NOT NULL,
    lease_ms          INTEGER NOT NULL,  -- lease length a claim takes unless it asks for another
    lease_owner       TEXT,
    lease_token       TEXT,
    lease_expires_at  INTEGER,
    message           TEXT,
    result            TEXT,
    idempotency_key   TEXT,
    created_at        INTEGER NOT NULL,
    started_at        INTEGER,
    finished_at       INTEGER
);

-- Claim: one range scan in dispatch order, no sort.
CREATE INDEX tide_tasks_ready ON tide_tasks (queue, dispatch_key, id) WHERE state = 'ready';
-- Promotion of delayed and backing-off tasks.
CREATE INDEX tide_tasks_scheduled ON tide_tasks (run_at) WHERE state = 'scheduled';
-- Reclaiming expired leases, and finding a worker's leases after its restart.
CREATE INDEX tide_tasks_lease_expiry ON tide_tasks (lease_expires_at) WHERE state = 'leased';
CREATE INDEX tide_tasks_lease_owner ON tide_tasks (lease_owner) WHERE state = 'leased';
-- Retention.
CREATE INDEX tide_tasks_finished ON tide_tasks (finished_at) WHERE state = 'finished';
CREATE INDEX tide_tasks_job ON tide_tasks (job_id) WHERE job_id IS NOT NULL;
-- Idempotency keys are unique per queue and owner while the task is retained.
CREATE UNIQUE INDEX tide_tasks_idempotency ON tide_tasks (queue, owner, idempotency_key)
    WHERE idempotency_key IS NOT NULL;
