-- Tide's statements on SQLite. The PostgreSQL file has the same names; parameters are :named.
-- Lists are bound as one JSON array and read with json_each.

-- name: task_type_upsert
INSERT INTO tide_task_types (name, definition, updated_at) VALUES (:name, :definition, :now)
ON CONFLICT (name) DO UPDATE SET definition = excluded.definition, updated_at = excluded.updated_at;

-- name: task_type_list
SELECT definition FROM tide_task_types ORDER BY name;

-- name: job_type_upsert
INSERT INTO tide_job_types (name, definition, updated_at) VALUES (:name, :definition, :now)
ON CONFLICT (name) DO UPDATE SET definition = excluded.definition, updated_at = excluded.updated_at;

-- name: job_type_list
SELECT definition FROM tide_job_types ORDER BY name;

-- name: job_insert
INSERT INTO tide_jobs (type, title, owner, priority, deadline, state, info, created_at)
VALUES (:type, :title, :owner, :priority, :deadline, 'open', :info, :now)
RETURNING *;

-- name: job_get
SELECT * FROM tide_jobs WHERE id = :id;

-- name: job_info_update
UPDATE tide_jobs SET info = :info WHERE id = :id RETURNING *;

-- name: job_total_add
UPDATE tide_jobs SET total = total + :n WHERE id = :id;

-- name: job_count_add
UPDATE tide_jobs
SET succeeded = succeeded + :succeeded, failed = failed + :failed, cancelled = cancelled + :cancelled
WHERE id = :id
RETURNING *;

-- name: job_finish
UPDATE tide_jobs SET state = 'finished', outcome = :outcome, finished_at = :now
WHERE id = :id AND state = 'open'
RETURNING *;

-- name: job_reopen
UPDATE tide_jobs
SET state = 'open', outcome = NULL, finished_at = NULL, failed = failed - :failed, cancelled = cancelled - :cancelled
WHERE id = :id
RETURNING *;

-- name: job_tasks_cancel
UPDATE tide_tasks
SET state = 'finished', outcome = 'cancelled', message = COALESCE(:reason, message), finished_at = :now,
    lease_token = NULL, lease_expires_at = NULL
WHERE job_id = :job_id AND state <> 'finished'
RETURNING id;

-- name: job_prune
DELETE FROM tide_jobs WHERE id IN (
    SELECT j.id FROM tide_jobs j
    WHERE j.state = 'finished' AND j.finished_at < :cutoff
      AND NOT EXISTS (SELECT 1 FROM tide_tasks t WHERE t.job_id = j.id)
    ORDER BY j.finished_at
    LIMIT :limit);

-- name: task_insert
INSERT INTO tide_tasks (queue, type, job_id, owner, payload, priority, dispatch_key, run_at, deadline, state,
                        max_attempts, lease_ms, idempotency_key, created_at)
VALUES (:queue, :type, :job_id, :owner, :payload, :priority, :dispatch_key, :run_at, :deadline, :state,
        :max_attempts, :lease_ms, :idempotency_key, :created_at)
ON CONFLICT (queue, owner, idempotency_key) WHERE idempotency_key IS NOT NULL DO NOTHING
RETURNING id;

-- name: task_by_idempotency_key
SELECT * FROM tide_tasks WHERE queue = :queue AND owner = :owner AND idempotency_key = :idempotency_key;

-- name: task_claim
UPDATE tide_tasks
SET state = 'leased', lease_owner = :owner, lease_token = :token,
    lease_expires_at = :now + COALESCE(:lease_ms, lease_ms), attempts = attempts + 1,
    started_at = COALESCE(started_at, :now)
WHERE id IN (
    SELECT id FROM tide_tasks
    WHERE queue = :queue AND state = 'ready'
    ORDER BY dispatch_key, id
    LIMIT :limit)
RETURNING *;

-- name: task_claim_types
UPDATE tide_tasks
SET state = 'leased', lease_owner = :owner, lease_token = :token,
    lease_expires_at = :now + COALESCE(:lease_ms, lease_ms), attempts = attempts + 1,
    started_at = COALESCE(started_at, :now)
WHERE id IN (
    SELECT id FROM tide_tasks
    WHERE queue = :queue AND state = 'ready' AND type IN (SELECT value FROM json_each(:types))
    ORDER BY dispatch_key, id
    LIMIT :limit)
RETURNING *;

-- name: task_claim_by_id
UPDATE tide_tasks
SET state = 'leased', lease_owner = :owner, lease_token = :token,
    lease_expires_at = :now + COALESCE(:lease_ms, lease_ms), attempts = attempts + 1,
    started_at = COALESCE(started_at, :now)
WHERE id = :id AND state = 'ready'
RETURNING *;

-- name: task_lease_extend
UPDATE tide_tasks SET lease_expires_at = :now + COALESCE(:lease_ms, lease_ms)
WHERE id = :id AND lease_token = :token AND state = 'leased'
RETURNING id, lease_owner, lease_token, lease_expires_at, COALESCE(:lease_ms, lease_ms) AS granted_ms;

-- name: task_finish
UPDATE tide_tasks
SET state = 'finished', outcome = :outcome, result = :result, message = COALESCE(:message, message),
    finished_at = :now, lease_token = NULL, lease_expires_at = NULL
WHERE id = :id AND lease_token = :token AND state = 'leased'
RETURNING job_id, queue;

-- name: task_reschedule
UPDATE tide_tasks
SET state = :state, run_at = :run_at, message = COALESCE(:message, message), attempts = attempts - :refund,
    lease_token = NULL, lease_expires_at = NULL
WHERE id = :id AND lease_token = :token AND state = 'leased'
RETURNING job_id, queue;

-- name: task_get
SELECT * FROM tide_tasks WHERE id = :id;

-- name: task_get_many
SELECT * FROM tide_tasks WHERE id IN (SELECT value FROM json_each(:ids));

-- name: task_cancel
UPDATE tide_tasks
SET state = 'finished', outcome = 'cancelled', message = COALESCE(:reason, message), finished_at = :now,
    lease_token = NULL, lease_expires_at = NULL
WHERE id = :id AND state <> 'finished'
RETURNING job_id, queue;

-- name: task_retry
UPDATE tide_tasks
SET state = 'ready', outcome = NULL, attempts = 0, run_at = :now, finished_at = NULL
WHERE id = :id AND state = 'finished' AND outcome IN ('failed', 'cancelled')
RETURNING job_id, queue;

-- name: task_lease_list
SELECT * FROM tide_tasks WHERE state = 'leased' AND lease_owner = :owner ORDER BY id;

-- name: task_lease_resume
UPDATE tide_tasks SET lease_token = :token, lease_expires_at = :now + COALESCE(:lease_ms, lease_ms)
WHERE state = 'leased' AND lease_owner = :owner
RETURNING *;

-- name: task_lease_expired
SELECT id, lease_token, type, attempts, max_attempts FROM tide_tasks
WHERE state = 'leased' AND lease_expires_at <= :now
ORDER BY lease_expires_at
LIMIT :limit;

-- name: task_lease_of_owner
SELECT id, lease_token, type, attempts, max_attempts FROM tide_tasks
WHERE state = 'leased' AND lease_owner = :owner;

-- name: task_promote_due
UPDATE tide_tasks SET state = 'ready'
WHERE id IN (
    SELECT id FROM tide_tasks WHERE state = 'scheduled' AND run_at <= :now ORDER BY run_at LIMIT :limit)
RETURNING queue;

-- name: task_next_run_at
SELECT MIN(run_at) AS next_run_at FROM tide_tasks WHERE state = 'scheduled';

-- name: task_prune
DELETE FROM tide_tasks WHERE id IN (
    SELECT id FROM tide_tasks WHERE state = 'finished' AND finished_at < :cutoff ORDER BY finished_at LIMIT :limit);

-- name: task_count
SELECT COUNT(*) AS n FROM tide_tasks WHERE queue = :queue AND state = :state;

-- name: status_queues
SELECT queue, state, outcome, COUNT(*) AS n FROM tide_tasks GROUP BY queue, state, outcome ORDER BY queue;

-- name: status_open_jobs
SELECT * FROM tide_jobs WHERE state = 'open' ORDER BY id LIMIT :limit;

-- name: schema_lock
SELECT 1;
