-- Queues: their settings, the re-keying of waiting tasks after a change of discipline, and a fair queue's users.
-- Statements whose text is the same on SQLite and PostgreSQL. Each dialect's own text of the others is in its
-- queries.sql, where a statement of the same name as one here overrides it.

-- name: queue_get
SELECT * FROM tide_queues WHERE name = :name;

-- name: queue_list
SELECT * FROM tide_queues WHERE name <> '*' ORDER BY name;

-- Creates a queue or changes its discipline. Tasks already waiting in a queue whose order changes (including one
-- used before it was defined, in priority order) are re-keyed in the background: rekey_after_id starts at 0.
-- name: queue_define
INSERT INTO tide_queues (name, discipline, suspended, rekey_after_id, changed_at, updated_at, default_allocation,
                         default_concurrency, max_pending, max_pending_per_key, max_pending_per_user)
VALUES (:name, :discipline, 0, CASE WHEN :discipline = 'priority' THEN NULL ELSE 0 END, :now, :now,
        :default_allocation, :default_concurrency, :max_pending, :max_pending_per_key, :max_pending_per_user)
ON CONFLICT (name) DO UPDATE SET
    rekey_after_id = CASE WHEN tide_queues.discipline = excluded.discipline THEN tide_queues.rekey_after_id ELSE 0 END,
    changed_at = CASE WHEN tide_queues.discipline = excluded.discipline THEN tide_queues.changed_at
                      ELSE excluded.changed_at END,
    discipline = excluded.discipline,
    default_allocation = excluded.default_allocation,
    default_concurrency = excluded.default_concurrency,
    max_pending = excluded.max_pending,
    max_pending_per_key = excluded.max_pending_per_key,
    max_pending_per_user = excluded.max_pending_per_user,
    updated_at = excluded.updated_at
RETURNING *;

-- name: queue_suspend
INSERT INTO tide_queues (name, discipline, suspended, rekey_after_id, changed_at, updated_at)
VALUES (:name, 'priority', :suspended, NULL, :now, :now)
ON CONFLICT (name) DO UPDATE SET suspended = excluded.suspended, updated_at = excluded.updated_at
RETURNING *;

-- The queues whose waiting tasks are being re-keyed after a change of discipline.
-- name: queue_rekey_pending
SELECT * FROM tide_queues WHERE rekey_after_id IS NOT NULL ORDER BY name;

-- Moves the re-keying cursor, or ends it (NULL), unless the discipline changed again meanwhile (which restarted it).
-- name: queue_rekey_progress
UPDATE tide_queues SET rekey_after_id = :after_id WHERE name = :name AND changed_at = :changed_at;

-- name: user_assign
INSERT INTO tide_users (queue, owner, key_from, key_to, allocation, concurrency, max_pending)
VALUES (:queue, :owner, :key_from, :key_to, :allocation, :concurrency, :max_pending)
ON CONFLICT (queue, owner) DO UPDATE SET
    allocation = excluded.allocation, concurrency = excluded.concurrency, max_pending = excluded.max_pending;

-- name: user_list
SELECT u.*, q.default_allocation, q.default_concurrency, q.max_pending_per_user,
       (SELECT count(*) FROM tide_tasks t
        WHERE t.queue = u.queue AND t.state = 'leased' AND t.fair = 1
          AND t.dispatch_key >= u.key_from AND t.dispatch_key < u.key_to) AS leased
FROM tide_users u LEFT JOIN tide_queues q ON q.name = u.queue
WHERE u.queue = :queue
  /*filters*/
ORDER BY u.owner;

-- A fair queue's tasks served in (:since, :now], by owner: the latest :limit of them at most, read newest first from
-- tide_tasks_fair_served (V027), which holds only the tasks a fair queue's turns served once they end.
-- name: user_served
SELECT owner, count(*) AS tasks, min(finished_at) AS first_end
FROM (SELECT owner, finished_at FROM tide_tasks
      WHERE queue = :queue AND state = 'finished' AND fair = 1 AND outcome IN ('succeeded', 'failed')
        AND finished_at > :since AND finished_at <= :now
      ORDER BY finished_at DESC
      LIMIT :limit) served
GROUP BY owner
ORDER BY owner;

-- name: prohibited_clear
DELETE FROM tide_prohibited_users WHERE scope = :scope;

-- name: prohibited_add
INSERT INTO tide_prohibited_users (owner, scope) VALUES (:owner, :scope) ON CONFLICT DO NOTHING;

-- name: prohibited_list
SELECT owner FROM tide_prohibited_users WHERE scope = :scope ORDER BY owner;
