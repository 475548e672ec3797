-- Lifecycle events.
-- Statements whose text is the same on SQLite and PostgreSQL. Each dialect's own text of the others is in its
-- queries.sql, where a statement of the same name as one here overrides it.

-- The event log.
-- The actor is the detail's "actor" field, in a column of its own for the tide_events_actor index (V021).
-- name: event_insert
INSERT INTO tide_events (at, kind, task_id, job_id, queue, detail, actor)
VALUES (:at, :kind, :task_id, :job_id, :queue, :detail, :actor);

-- The list, filtered by kind, task, job and actor, is built by EventListSql.
