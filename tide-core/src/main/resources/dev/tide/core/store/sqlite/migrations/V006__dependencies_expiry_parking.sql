-- Dependencies, expiry and parking.
--
-- A task that depends on others is 'blocked' until they have all succeeded: "blockers" counts the dependencies not
-- met yet, and one row per dependency in tide_task_dependencies, keyed by the task depended on, finds the waiting
-- tasks when it ends. "has_dependents" lets the settling statements say, from the row they already write, whether a
-- task's end has anyone to release, so tasks without dependents pay nothing more.
ALTER TABLE tide_tasks ADD COLUMN blockers INTEGER NOT NULL DEFAULT 0;
ALTER TABLE tide_tasks ADD COLUMN depends_on TEXT;                            -- the ids as a JSON array, for display
ALTER TABLE tide_tasks ADD COLUMN run_anyway INTEGER NOT NULL DEFAULT 0;      -- 1: a failed dependency counts as met
ALTER TABLE tide_tasks ADD COLUMN has_dependents INTEGER NOT NULL DEFAULT 0;
-- A waiting task past expires_at is never delivered: claims skip it, and maintenance ends it 'expired'.
ALTER TABLE tide_tasks ADD COLUMN expires_at INTEGER;

CREATE TABLE tide_task_dependencies (
    depends_on  INTEGER NOT NULL,
    task_id     INTEGER NOT NULL,
    PRIMARY KEY (depends_on, task_id)
) WITHOUT ROWID;
CREATE INDEX tide_task_dependencies_task ON tide_task_dependencies (task_id);

CREATE INDEX tide_tasks_expiry ON tide_tasks (expires_at)
    WHERE expires_at IS NOT NULL AND state IN ('scheduled', 'blocked', 'ready', 'parked');
-- Parked tasks are few and unparked by id, owner or received time; the index keeps unparking from reading the rest.
CREATE INDEX tide_tasks_parked ON tide_tasks (owner, created_at) WHERE state = 'parked';
