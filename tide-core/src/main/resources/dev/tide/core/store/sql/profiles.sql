-- Profiles: their hourly budgets, the charges of claimed tasks, and the load history.
-- Statements whose text is the same on SQLite and PostgreSQL. Each dialect's own text of the others is in its
-- queries.sql, where a statement of the same name as one here overrides it.

-- Profiles (seed 000, table 8) and the units their hours count.
-- name: profile_revision
SELECT coalesce(max(revision), 0) AS revision FROM tide_profile_revision;

-- name: profile_revision_bump
INSERT INTO tide_profile_revision (id, revision) VALUES (1, 1)
ON CONFLICT (id) DO UPDATE SET revision = tide_profile_revision.revision + 1;

-- name: profile_list
SELECT key, definition FROM tide_profiles ORDER BY key;

-- name: profile_upsert
INSERT INTO tide_profiles (key, definition, updated_at) VALUES (:key, :definition, :now)
ON CONFLICT (key) DO UPDATE SET definition = excluded.definition, updated_at = excluded.updated_at;

-- name: profile_delete
DELETE FROM tide_profiles WHERE key = :key;

-- The hour's row, made on first use, and what it has used, in one round trip: a claim reads it before counting against
-- it. SQLite's single writer keeps other claims out meanwhile; on PostgreSQL the row stays locked until commit (the
-- no-op update is what locks an existing row), so that claims on every node count against one figure.
-- name: profile_hour_take
INSERT INTO tide_profile_hours (profile, hour_start, used) VALUES (:profile, :hour_start, 0)
ON CONFLICT (profile, hour_start) DO UPDATE SET used = tide_profile_hours.used
RETURNING used;

-- name: profile_hours_prune
DELETE FROM tide_profile_hours WHERE hour_start < :cutoff;

-- name: task_units_spend
UPDATE tide_tasks SET units = CASE WHEN units > :used THEN units - :used ELSE 1 END
WHERE id = :id AND lease_token = :token AND divisible = 1;

-- name: task_charge_get
SELECT granted_units, charge_profile, charge_hour FROM tide_tasks
WHERE id = :id AND lease_token = :token AND granted_units IS NOT NULL;

-- name: load_hours_prune
DELETE FROM tide_load_hours WHERE hour_start < :cutoff;

-- name: profile_hour_used_now
SELECT used FROM tide_profile_hours WHERE profile = :profile AND hour_start = :hour_start;
