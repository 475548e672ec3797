-- Leases: extending and settling them, one or many at once, and finding them by owner.
-- Statements whose text is the same on SQLite and PostgreSQL. Each dialect's own text of the others is in its
-- queries.sql, where a statement of the same name as one here overrides it.

-- name: task_lease_expired
SELECT id, lease_token, type, attempts, max_attempts FROM tide_tasks
WHERE state = 'leased' AND lease_expires_at <= :now
ORDER BY lease_expires_at
LIMIT :limit;
