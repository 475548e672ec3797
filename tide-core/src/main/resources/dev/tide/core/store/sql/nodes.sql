-- The nodes registry (NodeSql).
-- Statements whose text is the same on SQLite and PostgreSQL. Each dialect's own text of the others is in its
-- queries.sql, where a statement of the same name as one here overrides it.

-- A node's row as the node sees itself; each node writes only its own.
-- name: node_save
INSERT INTO tide_nodes (name, version, host, started_at, last_seen_at, heartbeat_ms, stopped_at)
VALUES (:name, :version, :host, :started_at, :last_seen_at, :heartbeat_ms, :stopped_at)
ON CONFLICT (name) DO UPDATE SET version = excluded.version, host = excluded.host, started_at = excluded.started_at,
    last_seen_at = excluded.last_seen_at, heartbeat_ms = excluded.heartbeat_ms, stopped_at = excluded.stopped_at;

-- name: node_list
SELECT * FROM tide_nodes ORDER BY name;

-- name: node_prune
DELETE FROM tide_nodes WHERE last_seen_at < :cutoff;
