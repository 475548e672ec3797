-- The status summary.
-- Statements whose text is the same on SQLite and PostgreSQL. Each dialect's own text of the others is in its
-- queries.sql, where a statement of the same name as one here overrides it.

-- name: status_queues
SELECT queue, state, outcome, COUNT(*) AS n FROM tide_tasks GROUP BY queue, state, outcome ORDER BY queue;

-- Types of waiting tasks that no worker has named (tide_named_types); the engine leaves out the types that are
-- defined, scheduled or named by a processor.
-- name: status_unnamed_types
SELECT type, COUNT(*) AS n FROM tide_tasks
WHERE state IN ('scheduled', 'blocked', 'ready', 'parked')
  AND NOT EXISTS (SELECT 1 FROM tide_named_types n WHERE n.type = tide_tasks.type)
GROUP BY type ORDER BY type;

-- name: status_open_jobs
SELECT * FROM tide_jobs WHERE state = 'open' ORDER BY id LIMIT :limit;
