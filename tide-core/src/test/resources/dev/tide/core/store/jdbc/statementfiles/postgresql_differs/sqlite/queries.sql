-- A fixture of StatementFilesTest: SQLite's own layer.

-- name: task_claim
SELECT id, lease_token FROM tide_tasks WHERE state = 'ready' ORDER BY id LIMIT :limit;

-- name: sqlite_task_next_id
SELECT max(id) + 1 AS next_id FROM tide_tasks;

-- The mistake: only SQLite defines task_retry, which the shared code uses.
-- name: task_retry
UPDATE tide_tasks SET state = 'ready' WHERE id = :id;
