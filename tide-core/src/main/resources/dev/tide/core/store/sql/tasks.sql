-- Tasks: reading, cancelling, retrying, expiring, parking, promoting, pruning, their blobs and counts.
-- Statements whose text is the same on SQLite and PostgreSQL. Each dialect's own text of the others is in its
-- queries.sql, where a statement of the same name as one here overrides it.

-- name: task_get
SELECT * FROM tide_tasks WHERE id = :id;

-- name: task_cancel
UPDATE tide_tasks
SET state = 'finished', outcome = 'cancelled', message = COALESCE(:reason, message), finished_at = :now,
    lease_token = NULL, lease_expires_at = NULL
WHERE id = :id AND state <> 'finished'
RETURNING job_id, queue, fair, has_dependents, type, units, granted_units;

-- Parking (filters park_if_*): waiting tasks are set aside; leased ones run on.
-- name: task_park
UPDATE tide_tasks SET state = 'parked'
WHERE state IN ('scheduled', 'blocked', 'ready')
  /*filters*/;

-- name: park_if_owner
AND owner = :owner

-- name: park_if_queue
AND queue = :queue

-- name: park_if_received_from
AND created_at >= :received_from

-- name: park_if_received_to
AND created_at < :received_to

-- name: task_next_run_at
SELECT MIN(run_at) AS next_run_at FROM tide_tasks WHERE state = 'scheduled';

-- name: task_count
SELECT COUNT(*) AS n FROM tide_tasks WHERE queue = :queue AND state = :state;

-- The tasks that waited on a task: a range of tide_task_dependencies' primary key (depends_on, task_id).
-- name: task_dependents
SELECT task_id FROM tide_task_dependencies WHERE depends_on = :id ORDER BY task_id LIMIT :limit;
