-- The queue page's rates and a fair queue's share served (docs/dashboard.md).
--
-- Statistics per task type, queue and hour: the queue joins the key of tide_stats, so that each queue's throughput is
-- read from its own rows (tide_stats_queue) instead of from its tasks. Every change already adds to its (type, hour)
-- row in its own transaction; it now adds to its (type, hour, queue) row instead: no statement more. Hours counted
-- before this script have the queue '' (no queue's).
ALTER TABLE tide_stats ADD COLUMN queue TEXT NOT NULL DEFAULT '';
ALTER TABLE tide_stats DROP CONSTRAINT tide_stats_pkey;
ALTER TABLE tide_stats ADD PRIMARY KEY (task_type, hour_start, queue, slot);
-- Written when a (type, hour, queue, slot) row is made, once an hour; adding to a row changes no indexed column. In
-- the order of stats_list's grouping, so that one queue's hours are read in order, with no sort.
CREATE INDEX tide_stats_queue ON tide_stats (queue, hour_start, task_type);

-- A fair queue's tasks served, by the time they ended: the tasks of its turns (fair = 1) that ended succeeded or failed
-- for good, and only those, so that the acknowledgements of other queues' tasks, every enqueue and every claim write
-- nothing here; a fair queue's task that ends adds one entry. Covering: the count by owner reads no table row (once
-- vacuum has marked the pages visible).
CREATE INDEX tide_tasks_fair_served ON tide_tasks (queue, finished_at, owner)
    WHERE state = 'finished' AND fair = 1 AND outcome IN ('succeeded', 'failed');
