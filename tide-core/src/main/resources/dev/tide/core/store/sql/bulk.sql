-- Bulk actions (see JdbcBulkActions): their rows, the tasks each chose, and the lease of the node that works one.
-- Statements whose text is the same on SQLite and PostgreSQL.

-- name: bulk_insert
INSERT INTO tide_bulk_actions (action, state, actor, owner, reason, up_to_task_id, created_at)
VALUES (:action, 'running', :actor, :owner, :reason, :up_to_task_id, :created_at)
RETURNING id;

-- The tasks named by id (filter park_if_ids), and of one owner (filter park_if_owner) for a confined caller.
-- name: bulk_choose_ids
INSERT INTO tide_bulk_action_tasks (bulk_id, task_id)
SELECT :bulk_id, id FROM tide_tasks WHERE 1 = 1
  /*filters*/;

-- name: bulk_matched_set
UPDATE tide_bulk_actions SET matched = :matched WHERE id = :id
RETURNING *;

-- name: bulk_get
SELECT * FROM tide_bulk_actions WHERE id = :id;

-- name: bulk_recent
SELECT * FROM tide_bulk_actions ORDER BY id DESC LIMIT :limit;

-- name: bulk_recent_of_owner
SELECT * FROM tide_bulk_actions WHERE owner = :owner ORDER BY id DESC LIMIT :limit;

-- Whether any bulk action runs: read before a pass takes one, so that an idle pass writes nothing.
-- name: bulk_any_running
SELECT id FROM tide_bulk_actions WHERE state = 'running' LIMIT 1;

-- A node takes the oldest running bulk action that no live node works on (none has, or its lease ran out), or one
-- it holds itself (a node restarted under its name).
-- name: bulk_take
UPDATE tide_bulk_actions SET runner = :node, runner_until = :until
WHERE id = (SELECT id FROM tide_bulk_actions
            WHERE state = 'running' AND (runner IS NULL OR runner = :node OR runner_until <= :now)
            ORDER BY id LIMIT 1)
  AND state = 'running' AND (runner IS NULL OR runner = :node OR runner_until <= :now)
RETURNING id;

-- The first statement of a batch: extends the node's lease and, on PostgreSQL, locks the row until the batch commits,
-- so a cancel waits for the batch under way and a second runner for the next one. No row: the bulk action is no longer
-- running, or another node took it over.
-- name: bulk_batch_begin
UPDATE tide_bulk_actions SET runner_until = :until
WHERE id = :id AND state = 'running' AND runner = :node
RETURNING *;

-- name: bulk_batch_tasks
SELECT task_id FROM tide_bulk_action_tasks WHERE bulk_id = :bulk_id ORDER BY task_id LIMIT :limit;

-- name: bulk_batch_forget
DELETE FROM tide_bulk_action_tasks WHERE bulk_id = :bulk_id AND task_id <= :last_task_id;

-- :done = 1 ends it (no tasks left).
-- name: bulk_batch_end
UPDATE tide_bulk_actions
SET processed = processed + :processed, changed = changed + :changed, skipped = skipped + :processed - :changed,
    batches = batches + :batches,
    state = CASE WHEN :done = 1 THEN 'done' ELSE state END,
    finished_at = CASE WHEN :done = 1 THEN :now ELSE finished_at END,
    runner = CASE WHEN :done = 1 THEN NULL ELSE runner END,
    runner_until = CASE WHEN :done = 1 THEN NULL ELSE runner_until END
WHERE id = :id
RETURNING *;

-- name: bulk_stop
UPDATE tide_bulk_actions SET state = :state, finished_at = :now, message = :message, runner = NULL, runner_until = NULL
WHERE id = :id AND state = 'running'
RETURNING *;

-- name: bulk_forget_all
DELETE FROM tide_bulk_action_tasks WHERE bulk_id = :bulk_id;
