-- A fixture of StatementFilesTest: PostgreSQL's own layer.

-- The mistake: :max where SQLite has :limit.
-- name: task_claim
SELECT id, lease_token FROM tide_tasks WHERE state = 'ready' ORDER BY id LIMIT :max FOR UPDATE SKIP LOCKED;

-- name: leader_held
SELECT pg_try_advisory_lock(1) AS held_lock;
