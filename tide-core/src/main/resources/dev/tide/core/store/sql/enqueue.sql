-- Enqueue: inserting tasks, idempotency keys, coalescing, pending bounds and owners' admission.
-- Statements whose text is the same on SQLite and PostgreSQL. Each dialect's own text of the others is in its
-- queries.sql, where a statement of the same name as one here overrides it.

-- name: task_by_idempotency_key
SELECT * FROM tide_tasks WHERE queue = :queue AND owner = :owner AND idempotency_key = :idempotency_key;

-- Ends a pending task met by a newcomer: superseded by it, or cancelled with it (neutralized).
-- name: task_coalesce_end
UPDATE tide_tasks SET state = 'finished', outcome = :outcome, message = :message, finished_at = :now
WHERE id = :id AND (state || '') IN ('scheduled', 'blocked', 'ready', 'parked')
RETURNING job_id, queue, fair, has_dependents, type, units, granted_units;

-- A pending task takes a newcomer's payload (or its blob) and keeps its place in line. A blob it had before is left to
-- the orphan sweep.
-- name: task_coalesce_merge
UPDATE tide_tasks SET payload = :payload, payload_bytes = :payload_bytes, blob_store = :blob_store,
                      blob_key = :blob_key, blob_sha256 = :blob_sha256
WHERE id = :id AND (state || '') IN ('scheduled', 'blocked', 'ready', 'parked')
RETURNING *;

-- Pending tasks counted against a queue's bounds, each count stopping at the bound (:limit): the cost of a count is
-- at most the bound's index entries, however long the queue. Tasks of bounded queues are in tide_tasks_bounded;
-- those with a key are in tide_tasks_coalescing.
-- name: pending_count_queue
SELECT count(*) AS n FROM (
    SELECT 1 FROM tide_tasks WHERE queue = :queue AND bounded = 1 AND state IN ('scheduled', 'blocked', 'ready', 'parked') LIMIT :limit
) AS counted;

-- name: pending_count_user
SELECT count(*) AS n FROM (
    SELECT 1 FROM tide_tasks
    WHERE queue = :queue AND owner = :owner AND bounded = 1 AND state IN ('scheduled', 'blocked', 'ready', 'parked')
    LIMIT :limit
) AS counted;

-- name: pending_count_key
SELECT count(*) AS n FROM (
    SELECT 1 FROM tide_tasks
    WHERE queue = :queue AND owner = :owner AND coalescing_key = :coalescing_key AND state IN ('scheduled', 'blocked', 'ready', 'parked')
    LIMIT :limit
) AS counted;

-- When a queue gets a bound, the tasks already waiting in it start counting.
-- name: task_bound_pending
UPDATE tide_tasks SET bounded = 1 WHERE queue = :queue AND state IN ('scheduled', 'blocked', 'ready', 'parked') AND bounded = 0;

-- A user's own bound on its pending tasks in a queue, if it has one.
-- name: user_max_pending
SELECT max_pending FROM tide_users WHERE queue = :queue AND owner = :owner AND max_pending IS NOT NULL;

-- name: owner_pending_count
SELECT count(*) AS n FROM (
    SELECT 1 FROM tide_tasks
    WHERE owner = :owner AND owner <> '' AND state IN ('scheduled', 'blocked', 'ready', 'parked')
    LIMIT :limit
) AS pending;

-- name: owner_minute_add
INSERT INTO tide_owner_minutes (owner, minute_start, submitted) VALUES (:owner, :minute_start, :added)
ON CONFLICT (owner, minute_start) DO UPDATE SET submitted = tide_owner_minutes.submitted + excluded.submitted
WHERE tide_owner_minutes.submitted + excluded.submitted <= :limit
RETURNING submitted;

-- name: owner_minutes_prune
DELETE FROM tide_owner_minutes WHERE minute_start < :cutoff;
