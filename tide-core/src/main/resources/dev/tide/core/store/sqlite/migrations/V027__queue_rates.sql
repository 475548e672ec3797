-- The queue page's rates and a fair queue's share served (docs/dashboard.md).
--
-- Statistics per task type, queue and hour: the queue joins the key of tide_stats, so that each queue's throughput is
-- read from its own rows (tide_stats_queue) instead of from its tasks. Every change already adds to its (type, hour)
-- row in its own transaction; it now adds to its (type, hour, queue) row instead: no statement more. Hours counted
-- before this script have the queue '' (no queue's). SQLite cannot change a primary key: the table is rebuilt.
ALTER TABLE tide_stats RENAME TO tide_stats_by_type;
CREATE TABLE tide_stats (
    task_type   TEXT NOT NULL,
    hour_start  INTEGER NOT NULL,
    queue       TEXT NOT NULL DEFAULT '',
    slot        INTEGER NOT NULL,
    started     INTEGER NOT NULL DEFAULT 0,
    succeeded   INTEGER NOT NULL DEFAULT 0,
    failed      INTEGER NOT NULL DEFAULT 0,
    retried     INTEGER NOT NULL DEFAULT 0,
    expired     INTEGER NOT NULL DEFAULT 0,
    units_used  INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (task_type, hour_start, queue, slot)
);
INSERT INTO tide_stats (task_type, hour_start, queue, slot, started, succeeded, failed, retried, expired, units_used)
SELECT task_type, hour_start, '', slot, started, succeeded, failed, retried, expired, units_used FROM tide_stats_by_type;
DROP TABLE tide_stats_by_type;
CREATE INDEX tide_stats_hour ON tide_stats (hour_start);
-- Written when a (type, hour, queue, slot) row is made, once an hour; adding to a row changes no indexed column. In
-- the order of stats_list's grouping, so that one queue's hours are read in order, with no sort.
CREATE INDEX tide_stats_queue ON tide_stats (queue, hour_start, task_type);

-- A fair queue's tasks served, by the time they ended: the tasks of its turns (fair = 1) that ended succeeded or failed
-- for good, and only those, so that the acknowledgements of other queues' tasks, every enqueue and every claim write
-- nothing here; a fair queue's task that ends adds one entry. Covering: the count by owner reads no table row.
CREATE INDEX tide_tasks_fair_served ON tide_tasks (queue, finished_at, owner)
    WHERE state = 'finished' AND fair = 1 AND outcome IN ('succeeded', 'failed');
