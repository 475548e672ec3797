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

-- name: queue_get
SELECT * FROM tide_queues WHERE name = :name;

-- name: queue_list
SELECT * FROM tide_queues ORDER BY name;

-- Creates a queue or changes its discipline. Tasks already waiting in a queue whose order changes (including one
-- used before it was defined, in priority order) are re-keyed in the background: rekey_after_id starts at 0.
-- name: queue_define
INSERT INTO tide_queues (name, discipline, suspended, rekey_after_id, changed_at, updated_at)
VALUES (:name, :discipline, 0, CASE WHEN :discipline = 'priority' THEN NULL ELSE 0 END, :now, :now)
ON CONFLICT (name) DO UPDATE SET
    rekey_after_id = CASE WHEN tide_queues.discipline = excluded.discipline THEN tide_queues.rekey_after_id ELSE 0 END,
    changed_at = CASE WHEN tide_queues.discipline = excluded.discipline THEN tide_queues.changed_at
                      ELSE excluded.changed_at END,
    discipline = excluded.discipline,
    updated_at = excluded.updated_at
RETURNING *;

-- name: queue_suspend
INSERT INTO tide_queues (name, discipline, suspended, rekey_after_id, changed_at, updated_at)
VALUES (:name, 'priority', :suspended, NULL, :now, :now)
ON CONFLICT (name) DO UPDATE SET suspended = excluded.suspended, updated_at = excluded.updated_at
RETURNING *;

-- The next queue whose waiting tasks are being re-keyed after a change of discipline.
-- After a claim from a roulette queue: its race clock moves to the largest key claimed (a no-op for the other
-- disciplines, and for a key behind the clock).
-- name: queue_race_advance
UPDATE tide_queues SET race_clock = :dispatch_key
WHERE name = :name AND discipline = 'roulette' AND (race_clock IS NULL OR race_clock < :dispatch_key);

-- name: queue_rekey_next
SELECT * FROM tide_queues WHERE rekey_after_id IS NOT NULL ORDER BY name LIMIT 1;

-- Moves the re-keying cursor, or ends it (NULL), unless the discipline changed again meanwhile (which restarted it).
-- name: queue_rekey_progress
UPDATE tide_queues SET rekey_after_id = :after_id WHERE name = :name AND changed_at = :changed_at;

-- Waiting tasks of a queue after a task id, with what their dispatch keys are made of.
-- name: task_rekey_candidates
SELECT t.id, t.priority, t.weight, t.deadline, j.priority AS job_priority, j.deadline AS job_deadline
FROM tide_tasks t LEFT JOIN tide_jobs j ON j.id = t.job_id
WHERE t.queue = :queue AND t.id > :after_id AND t.state IN ('ready', 'scheduled')
ORDER BY t.id
LIMIT :limit;

-- name: task_rekey
UPDATE tide_tasks SET dispatch_key = :dispatch_key WHERE id = :id AND state IN ('ready', 'scheduled');

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

-- Inserts with ids chosen by SqliteStore, run as one JDBC batch: the next ids come from sqlite_sequence (this is the
-- only writer), and each row's update count says whether it went in (1) or its idempotency key was taken (0).
-- name: sqlite_task_next_id
SELECT COALESCE((SELECT seq FROM sqlite_sequence WHERE name = 'tide_tasks'), 0) + 1 AS next_id;

-- name: sqlite_task_insert_with_id
INSERT INTO tide_tasks (id, queue, type, job_id, owner, payload, priority, weight, dispatch_key, run_at, deadline,
                        state, max_attempts, lease_ms, idempotency_key, created_at)
VALUES (:id, :queue, :type, :job_id, :owner, :payload, :priority, :weight, :dispatch_key, :run_at, :deadline,
        :state, :max_attempts, :lease_ms, :idempotency_key, :created_at)
ON CONFLICT (queue, owner, idempotency_key) WHERE idempotency_key IS NOT NULL DO NOTHING;

-- name: task_by_idempotency_key
SELECT * FROM tide_tasks WHERE queue = :queue AND owner = :owner AND idempotency_key = :idempotency_key;

-- A claim leases on the writer and answers only the ids: SqliteStore reads the rows afterwards on a reader connection
-- (sqlite_task_claimed_get), which keeps the single writer thread's work per claimed task small.
-- name: task_claim
UPDATE tide_tasks
SET state = 'leased', lease_owner = :owner, lease_token = :token,
    lease_expires_at = :now + COALESCE(:lease_ms, lease_ms), attempts = attempts + 1,
    started_at = COALESCE(started_at, :now)
WHERE id IN (
    SELECT id FROM tide_tasks
    WHERE queue = :queue AND state = 'ready'
      AND NOT EXISTS (SELECT 1 FROM tide_queues q WHERE q.name = :queue AND q.suspended = 1)
    ORDER BY dispatch_key, id
    LIMIT :limit)
RETURNING id, dispatch_key;

-- name: task_claim_types
UPDATE tide_tasks
SET state = 'leased', lease_owner = :owner, lease_token = :token,
    lease_expires_at = :now + COALESCE(:lease_ms, lease_ms), attempts = attempts + 1,
    started_at = COALESCE(started_at, :now)
WHERE id IN (
    SELECT id FROM tide_tasks
    WHERE queue = :queue AND state = 'ready' AND type IN (SELECT value FROM json_each(:types))
      AND NOT EXISTS (SELECT 1 FROM tide_queues q WHERE q.name = :queue AND q.suspended = 1)
    ORDER BY dispatch_key, id
    LIMIT :limit)
RETURNING id, dispatch_key;

-- The tasks a claim leased, in dispatch order, read after its commit; a task whose lease was lost in between (it
-- expired and was reclaimed) no longer carries the claim's token and is left out.
-- name: sqlite_task_claimed_get
SELECT * FROM tide_tasks
WHERE id IN (SELECT value FROM json_each(:ids)) AND lease_token = :token
ORDER BY dispatch_key, id;

-- name: task_claim_by_id
UPDATE tide_tasks
SET state = 'leased', lease_owner = :owner, lease_token = :token,
    lease_expires_at = :now + COALESCE(:lease_ms, lease_ms), attempts = attempts + 1,
    started_at = COALESCE(started_at, :now)
WHERE id = :id AND state = 'ready'
  AND NOT EXISTS (SELECT 1 FROM tide_queues q WHERE q.name = tide_tasks.queue AND q.suspended = 1)
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

-- Tasks of one claim (one lease token) that end with one outcome and no result or message: the common
-- acknowledgement, in one short statement for many tasks. Each answer row names its task by id; a task missing from
-- the answer lost its lease.
-- name: task_finish_many
UPDATE tide_tasks
SET state = 'finished', outcome = :outcome, finished_at = :now, lease_token = NULL, lease_expires_at = NULL
WHERE id IN (SELECT value FROM json_each(:ids)) AND lease_token = :token AND state = 'leased'
RETURNING id, job_id, queue;

-- Any mix of task_finish and task_reschedule for SqliteBulk (statements named sqlite_* are this store's own), as one
-- JSON array holding an array [id, token, state, outcome, result, message, run_at, refund] per settlement; task ids
-- must be distinct. SQLite's RETURNING may not name the FROM clause, so each answer row names its task by id.
-- name: sqlite_task_settle_many
UPDATE tide_tasks
SET state = s.state,
    outcome = s.outcome,
    result = CASE WHEN s.state = 'finished' THEN s.result ELSE tide_tasks.result END,
    message = COALESCE(s.message, tide_tasks.message),
    run_at = CASE WHEN s.state = 'finished' THEN tide_tasks.run_at ELSE s.run_at END,
    attempts = tide_tasks.attempts - s.refund,
    finished_at = CASE WHEN s.state = 'finished' THEN :now ELSE tide_tasks.finished_at END,
    lease_token = NULL, lease_expires_at = NULL
FROM (SELECT value ->> 0 AS id, value ->> 1 AS token, value ->> 2 AS state, value ->> 3 AS outcome,
             value ->> 4 AS result, value ->> 5 AS message, value ->> 6 AS run_at, value ->> 7 AS refund
      FROM json_each(:settlements)) AS s
WHERE tide_tasks.id = s.id AND tide_tasks.lease_token = s.token AND tide_tasks.state = 'leased'
RETURNING tide_tasks.id, tide_tasks.job_id, tide_tasks.queue;

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
