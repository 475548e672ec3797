-- The same on SQLite and PostgreSQL.
-- The task list's indexes (TideBuilder.listIndexes, tide server --list-indexes), created at open when missing: not a
-- migration, since they cost every enqueue a write each (docs/performance.md) and a queue whose tasks nobody browses
-- by filter should not pay for them. With them every filter of the list (GET /v1/tasks, the dashboard's Tasks page,
-- bulk actions) reads an index:
--   queue, state (not ready or leased, below), owner, type, each with id: a page of one of them in id order reads one
--     page of its index (a submitter's listings always name the owner); combined, the planner walks the most selective
--     one in order and filters the rest;
--   created_at, run_at: the received and run-at windows.
-- The finished window (and an outcome) reads tide_tasks_finished; a job reads tide_tasks_job: those are always there.
CREATE INDEX IF NOT EXISTS tide_tasks_list_queue ON tide_tasks (queue, id);
-- Not ready and leased tasks: those are the hot states (every enqueue, claim and acknowledgement would move an entry),
-- and claims and lease expiry must keep reading tide_tasks_ready and tide_tasks_lease_expiry; a listing of one of them
-- alone reads that index. The listing repeats the predicate so that SQLite may choose the index.
CREATE INDEX IF NOT EXISTS tide_tasks_list_state ON tide_tasks (state, id) WHERE state NOT IN ('ready', 'leased');
CREATE INDEX IF NOT EXISTS tide_tasks_list_owner ON tide_tasks (owner, id);
CREATE INDEX IF NOT EXISTS tide_tasks_list_type ON tide_tasks (type, id);
CREATE INDEX IF NOT EXISTS tide_tasks_list_created ON tide_tasks (created_at);
CREATE INDEX IF NOT EXISTS tide_tasks_list_run_at ON tide_tasks (run_at);
