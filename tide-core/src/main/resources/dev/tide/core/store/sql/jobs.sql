-- Jobs: their ledger of tasks, their end, and late jobs.
-- Statements whose text is the same on SQLite and PostgreSQL. Each dialect's own text of the others is in its
-- queries.sql, where a statement of the same name as one here overrides it.

-- name: job_insert
INSERT INTO tide_jobs (type, title, owner, priority, deadline, state, info, created_at)
VALUES (:type, :title, :owner, :priority, :deadline, 'open', :info, :now)
RETURNING *;

-- name: job_get
SELECT * FROM tide_jobs WHERE id = :id;

-- name: job_info_update
UPDATE tide_jobs SET info = :info WHERE id = :id RETURNING *;

-- name: job_finish
UPDATE tide_jobs SET state = 'finished', outcome = :outcome, finished_at = :now
WHERE id = :id AND state = 'open'
RETURNING *;

-- name: job_tasks_cancel
UPDATE tide_tasks
SET state = 'finished', outcome = 'cancelled', message = COALESCE(:reason, message), finished_at = :now,
    lease_token = NULL, lease_expires_at = NULL
WHERE job_id = :job_id AND state <> 'finished'
RETURNING id, has_dependents;

-- Late jobs (LateJobs): open jobs past their deadline whose tasks have not all moved to the late lane yet.
-- name: job_late_due
SELECT id FROM tide_jobs
WHERE state = 'open' AND late_at IS NULL AND deadline IS NOT NULL AND deadline <= :now
ORDER BY deadline
LIMIT :limit;

-- name: job_late_mark
UPDATE tide_jobs SET late_at = :now WHERE id = :id;
