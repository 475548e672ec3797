-- Lifecycle events.
-- Statements whose text is the same on SQLite and PostgreSQL. Each dialect's own text of the others is in its
-- queries.sql, where a statement of the same name as one here overrides it.

-- The event log.
-- name: event_insert
INSERT INTO tide_events (at, kind, task_id, job_id, queue, detail)
VALUES (:at, :kind, :task_id, :job_id, :queue, :detail);

-- name: event_list
SELECT * FROM tide_events WHERE id < :before ORDER BY id DESC LIMIT :limit;

-- name: event_list_of_kind
SELECT * FROM tide_events WHERE kind = :kind AND id < :before ORDER BY id DESC LIMIT :limit;
