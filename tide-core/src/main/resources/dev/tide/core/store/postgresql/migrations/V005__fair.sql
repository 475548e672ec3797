-- Fair queues, claim filters and prohibited users.
--
-- A fair queue serves its users in turns (start-time fair queueing): each user row holds the user's next turn
-- ("pass", a race key: an 8-byte big-endian non-negative double, which compares as bytes in the order of the
-- numbers) and moves on by 1 / allocation per task served; a claim serves the active user with the smallest pass.
-- A user who comes back from idle starts at the queue's clock (race_clock: the largest pass served), so idle time
-- banks no credit. A trigger on the tasks of fair queues (fair = 1) activates a task's user whenever the task becomes
-- ready, on every path, so no writer has to remember it; claims clear "active" when they find a user's tasks gone.
-- A trigger's WHEN sees only the task row, so tasks of other queues never call a function. A user's leases are
-- counted where they are, in the leased-tasks index of fair queues, within the user's range of keys (key_from,
-- key_to: see DispatchKey.fair); acknowledgements write nothing here.
--
-- Only claims lock user rows and wait for nothing (SKIP LOCKED); the trigger updates a row only to wake an inactive
-- user, so writers of many users' tasks at once do not lock user rows in clashing orders. An enqueue that races a
-- claim deactivating the same user may leave it inactive with a ready task: maintenance wakes users deactivated in
-- the last moments that have ready tasks (fair_users_wake).
ALTER TABLE tide_queues ADD COLUMN default_allocation integer NOT NULL DEFAULT 1;
ALTER TABLE tide_queues ADD COLUMN default_concurrency integer;  -- NULL: no cap
ALTER TABLE tide_tasks ADD COLUMN payload_bytes integer NOT NULL DEFAULT 0;
ALTER TABLE tide_tasks ADD COLUMN fair smallint NOT NULL DEFAULT 0;  -- 1 while keyed for a fair queue
UPDATE tide_tasks SET payload_bytes = octet_length(payload) WHERE payload IS NOT NULL AND state <> 'finished';
CREATE INDEX tide_tasks_fair_leased ON tide_tasks (queue, dispatch_key) WHERE state = 'leased' AND fair = 1;

CREATE TABLE tide_users (
    queue           text NOT NULL,
    owner           text NOT NULL,
    key_from        bytea NOT NULL,               -- the owner's tasks' keys: from key_from (inclusive)
    key_to          bytea NOT NULL,               -- to key_to (exclusive)
    allocation      integer,                      -- tasks per turn; NULL: the queue's default
    concurrency     integer,                      -- leases at once; NULL: the queue's default
    pass            bytea NOT NULL DEFAULT '\x0000000000000000',
    active          smallint NOT NULL DEFAULT 0,  -- 1 while the user may have ready tasks
    deactivated_at  bigint,                       -- when a claim last found its tasks gone
    PRIMARY KEY (queue, owner)
);
CREATE INDEX tide_users_turn ON tide_users (queue, pass, owner) WHERE active = 1;
CREATE INDEX tide_users_idle ON tide_users (deactivated_at) WHERE active = 0;

-- Users no claim is served unless it requires them by name: scope '*' for every queue, else one queue's name.
CREATE TABLE tide_prohibited_users (
    owner  text NOT NULL,
    scope  text NOT NULL,
    PRIMARY KEY (owner, scope)
);

CREATE FUNCTION tide_fair_user_active() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    UPDATE tide_users
    SET active = 1,
        pass = greatest(pass, COALESCE((SELECT race_clock FROM tide_queues WHERE name = NEW.queue), pass))
    WHERE queue = NEW.queue AND owner = NEW.owner AND active = 0;
    IF NOT FOUND THEN
        INSERT INTO tide_users (queue, owner, key_from, key_to, pass, active)
        VALUES (NEW.queue, NEW.owner, convert_to(NEW.owner, 'UTF8') || '\x00'::bytea,
                convert_to(NEW.owner, 'UTF8') || '\x01'::bytea,
                COALESCE((SELECT race_clock FROM tide_queues WHERE name = NEW.queue), '\x0000000000000000'::bytea), 1)
        ON CONFLICT (queue, owner) DO NOTHING;
    END IF;
    RETURN NULL;
END $$;

CREATE TRIGGER tide_fair_task_inserted AFTER INSERT ON tide_tasks
FOR EACH ROW WHEN (NEW.fair = 1 AND NEW.state = 'ready') EXECUTE FUNCTION tide_fair_user_active();

CREATE TRIGGER tide_fair_task_readied AFTER UPDATE OF state, fair ON tide_tasks
FOR EACH ROW WHEN (NEW.fair = 1 AND NEW.state = 'ready' AND (OLD.state <> 'ready' OR OLD.fair = 0))
EXECUTE FUNCTION tide_fair_user_active();
