-- Fair queues, claim filters and prohibited users.
--
-- A fair queue serves its users in turns (start-time fair queueing): each user row holds the user's next turn
-- ("pass", a race key: an 8-byte big-endian non-negative double, which compares as bytes in the order of the
-- numbers) and moves on by 1 / allocation per task served; a claim serves the active user with the smallest pass.
-- A user who comes back from idle starts at the queue's clock (race_clock: the largest pass served), so idle time
-- banks no credit. A trigger on the tasks of fair queues (fair = 1) activates a task's user whenever the task becomes
-- ready, on every path, so no writer has to remember it; claims clear "active" when they find a user's tasks gone.
-- A user's leases are counted where they are, in the leased-tasks index of fair queues, within the user's range of
-- keys (key_from, key_to: see DispatchKey.fair); acknowledgements write nothing here.
ALTER TABLE tide_queues ADD COLUMN default_allocation INTEGER NOT NULL DEFAULT 1;
ALTER TABLE tide_queues ADD COLUMN default_concurrency INTEGER;  -- NULL: no cap
ALTER TABLE tide_tasks ADD COLUMN payload_bytes INTEGER NOT NULL DEFAULT 0;
ALTER TABLE tide_tasks ADD COLUMN fair INTEGER NOT NULL DEFAULT 0;  -- 1 while keyed for a fair queue
UPDATE tide_tasks SET payload_bytes = length(CAST(payload AS BLOB)) WHERE payload IS NOT NULL AND state <> 'finished';
CREATE INDEX tide_tasks_fair_leased ON tide_tasks (queue, dispatch_key) WHERE state = 'leased' AND fair = 1;

CREATE TABLE tide_users (
    queue           TEXT NOT NULL,
    owner           TEXT NOT NULL,
    key_from        BLOB NOT NULL,                -- the owner's tasks' keys: from key_from (inclusive)
    key_to          BLOB NOT NULL,                -- to key_to (exclusive)
    allocation      INTEGER,                      -- tasks per turn; NULL: the queue's default
    concurrency     INTEGER,                      -- leases at once; NULL: the queue's default
    pass            BLOB NOT NULL DEFAULT x'0000000000000000',
    active          INTEGER NOT NULL DEFAULT 0,   -- 1 while the user may have ready tasks
    deactivated_at  INTEGER,                      -- when a claim last found its tasks gone
    PRIMARY KEY (queue, owner)
) WITHOUT ROWID;
CREATE INDEX tide_users_turn ON tide_users (queue, pass, owner) WHERE active = 1;
CREATE INDEX tide_users_idle ON tide_users (deactivated_at) WHERE active = 0;

-- Users no claim is served unless it requires them by name: scope '*' for every queue, else one queue's name.
CREATE TABLE tide_prohibited_users (
    owner  TEXT NOT NULL,
    scope  TEXT NOT NULL,
    PRIMARY KEY (owner, scope)
) WITHOUT ROWID;

-- The same body twice: a SQLite trigger fires on one kind of event and cannot call a shared function.
CREATE TRIGGER tide_fair_task_inserted AFTER INSERT ON tide_tasks
WHEN NEW.fair = 1 AND NEW.state = 'ready'
BEGIN
    INSERT INTO tide_users (queue, owner, key_from, key_to, pass, active)
    VALUES (NEW.queue, NEW.owner, unhex(hex(NEW.owner) || '00'), unhex(hex(NEW.owner) || '01'),
            COALESCE((SELECT race_clock FROM tide_queues WHERE name = NEW.queue), x'0000000000000000'), 1)
    ON CONFLICT (queue, owner) DO UPDATE SET
        pass = CASE WHEN tide_users.active = 0 AND tide_users.pass < excluded.pass THEN excluded.pass
                    ELSE tide_users.pass END,
        active = 1;
END;

CREATE TRIGGER tide_fair_task_readied AFTER UPDATE OF state, fair ON tide_tasks
WHEN NEW.fair = 1 AND NEW.state = 'ready' AND (OLD.state <> 'ready' OR OLD.fair = 0)
BEGIN
    INSERT INTO tide_users (queue, owner, key_from, key_to, pass, active)
    VALUES (NEW.queue, NEW.owner, unhex(hex(NEW.owner) || '00'), unhex(hex(NEW.owner) || '01'),
            COALESCE((SELECT race_clock FROM tide_queues WHERE name = NEW.queue), x'0000000000000000'), 1)
    ON CONFLICT (queue, owner) DO UPDATE SET
        pass = CASE WHEN tide_users.active = 0 AND tide_users.pass < excluded.pass THEN excluded.pass
                    ELSE tide_users.pass END,
        active = 1;
END;
