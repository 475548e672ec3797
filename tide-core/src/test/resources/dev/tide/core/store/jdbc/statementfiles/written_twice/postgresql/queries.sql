-- A fixture of StatementFilesTest: PostgreSQL's own layer.

-- The mistake: the same text as SQLite's, which belongs in the common layer.
-- name: task_claim
SELECT id, lease_token FROM tide_tasks WHERE state = 'ready'
ORDER BY id LIMIT :limit;

-- name: leader_held
SELECT pg_try_advisory_lock(1) AS held_lock;
