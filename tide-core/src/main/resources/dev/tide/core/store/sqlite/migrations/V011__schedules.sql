-- Recurring schedules: a cron expression read in a zone, and the template of the task each firing enqueues.
--
-- next_fire_at is the next firing not yet fired (epoch ms; NULL when the expression never fires again). A firing is
-- claimed by a compare-and-set of it (UPDATE ... WHERE name = ? AND next_fire_at = ?) in the transaction that inserts
-- the instance, so each firing enqueues once however many nodes try. cron and zone are kept apart from the
-- definition so that a replacement keeping them keeps next_fire_at in the same statement.
CREATE TABLE tide_schedules (
    name           TEXT PRIMARY KEY,
    definition     TEXT NOT NULL,
    cron           TEXT NOT NULL,
    zone           TEXT NOT NULL,
    paused         INTEGER NOT NULL DEFAULT 0,   -- 1 while paused
    next_fire_at   INTEGER,
    last_fired_at  INTEGER,
    last_task_id   INTEGER,
    updated_at     INTEGER NOT NULL
);
CREATE INDEX tide_schedules_due ON tide_schedules (next_fire_at) WHERE paused = 0;
