-- Task and job types, and the type names seen without a definition.
-- Statements whose text is the same on SQLite and PostgreSQL. Each dialect's own text of the others is in its
-- queries.sql, where a statement of the same name as one here overrides it.

-- name: task_type_upsert
INSERT INTO tide_task_types (name, definition, updated_at) VALUES (:name, :definition, :now)
ON CONFLICT (name) DO UPDATE SET definition = excluded.definition, updated_at = excluded.updated_at;

-- name: task_type_list
SELECT definition FROM tide_task_types ORDER BY name;

-- name: job_type_upsert
INSERT INTO tide_job_types (name, definition, updated_at) VALUES (:name, :definition, :now)
ON CONFLICT (name) DO UPDATE SET definition = excluded.definition, updated_at = excluded.updated_at;

-- name: job_type_list
SELECT definition FROM tide_job_types ORDER BY name;

-- name: named_type_add
INSERT INTO tide_named_types (type, named_at) VALUES (:type, :now) ON CONFLICT (type) DO NOTHING;

-- name: named_type_list
SELECT type FROM tide_named_types;
