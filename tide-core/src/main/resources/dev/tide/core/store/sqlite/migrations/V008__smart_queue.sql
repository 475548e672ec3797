-- Smart queue (seed 002): coalescing keys and bounds on pending tasks.
--
-- A task's coalescing key relates it to the pending (waiting: scheduled, blocked, ready or parked) tasks of its queue and owner with the same
-- key; the enqueue looks them up in tide_tasks_coalescing, which holds only pending tasks that have a key, so tasks
-- without one cost this index nothing.
--
-- A queue with a bound counts its pending tasks at each enqueue. Only tasks of bounded queues (bounded = 1) are in
-- tide_tasks_bounded, so unbounded queues pay nothing for the feature; the per-key bound counts in
-- tide_tasks_coalescing. Every not-yet-leased state belongs in both predicates.
ALTER TABLE tide_tasks ADD COLUMN coalescing_key TEXT;
ALTER TABLE tide_tasks ADD COLUMN bounded INTEGER NOT NULL DEFAULT 0;  -- 1 while its queue has a pending bound
CREATE INDEX tide_tasks_coalescing ON tide_tasks (queue, owner, coalescing_key, id)
    WHERE coalescing_key IS NOT NULL AND state IN ('scheduled', 'blocked', 'ready', 'parked');
CREATE INDEX tide_tasks_bounded ON tide_tasks (queue, owner)
    WHERE bounded = 1 AND state IN ('scheduled', 'blocked', 'ready', 'parked');

ALTER TABLE tide_queues ADD COLUMN max_pending INTEGER;           -- NULL: no bound
ALTER TABLE tide_queues ADD COLUMN max_pending_per_key INTEGER;   -- per coalescing key and owner; NULL: no bound
ALTER TABLE tide_queues ADD COLUMN max_pending_per_user INTEGER;  -- per owner; NULL: no bound
