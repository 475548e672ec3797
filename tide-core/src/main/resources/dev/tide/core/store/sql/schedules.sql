-- Schedules.
-- Statements whose text is the same on SQLite and PostgreSQL. Each dialect's own text of the others is in its
-- queries.sql, where a statement of the same name as one here overrides it.

-- name: schedule_get
SELECT * FROM tide_schedules WHERE name = :name;

-- name: schedule_list
SELECT * FROM tide_schedules ORDER BY name;

-- name: schedule_delete
DELETE FROM tide_schedules WHERE name = :name;

-- name: schedule_due
SELECT * FROM tide_schedules WHERE paused = 0 AND next_fire_at <= :now ORDER BY next_fire_at LIMIT :limit;

-- name: schedule_next_fire_at
SELECT MIN(next_fire_at) AS next_fire_at FROM tide_schedules WHERE paused = 0;

-- Claims the firings from :due: only one transaction moves next_fire_at from the value a pass read.
-- name: schedule_fire_claim
UPDATE tide_schedules SET next_fire_at = :next_fire_at WHERE name = :name AND next_fire_at = :due AND paused = 0;

-- name: schedule_fired
UPDATE tide_schedules SET last_fired_at = :fired_at, last_task_id = :task_id WHERE name = :name;
