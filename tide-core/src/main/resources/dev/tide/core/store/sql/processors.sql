-- Processors and their runs.
-- Statements whose text is the same on SQLite and PostgreSQL. Each dialect's own text of the others is in its
-- queries.sql, where a statement of the same name as one here overrides it.

-- Processors (seed 004's Submission Processors). A new one is stopped; redefining keeps its state.
-- name: processor_upsert
INSERT INTO tide_processors (name, definition, started, updated_at) VALUES (:name, :definition, 0, :now)
ON CONFLICT (name) DO UPDATE SET definition = excluded.definition, updated_at = excluded.updated_at
RETURNING *;

-- name: processor_get
SELECT * FROM tide_processors WHERE name = :name;

-- name: processor_list
SELECT * FROM tide_processors ORDER BY name;

-- name: processor_delete
DELETE FROM tide_processors WHERE name = :name;

-- name: processor_runs_of
SELECT * FROM tide_processor_runs WHERE processor = :processor ORDER BY node;

-- name: processor_run_list
SELECT * FROM tide_processor_runs ORDER BY processor, node;

-- name: processor_runs_delete
DELETE FROM tide_processor_runs WHERE processor = :processor;

-- name: processor_run_upsert
INSERT INTO tide_processor_runs (processor, node, report, seen_at) VALUES (:processor, :node, :report, :seen_at)
ON CONFLICT (processor, node) DO UPDATE SET report = excluded.report, seen_at = excluded.seen_at;
