-- The task list (GET /v1/tasks, the dashboard's Tasks page) filters by queue, state, type, owner, job and time windows
-- and must read an index for each, never the whole table. Few indexes, since each costs every enqueue a write (and the
-- one holding state every claim and acknowledgement a move), measured in docs/performance.md:
--   queue, state (not ready or leased, below), owner, type, each with id: a page of one of them in id order reads one
--     page of its index (a
--     submitter's listings always name the owner); combined, the planner walks the most selective one in order and
--     filters the rest;
--   created_at, run_at: the received and run-at windows.
-- Only the state index moves when a task changes state (at finish, schedule, park); the others are written at enqueue.
-- The finished window (and an outcome) reads tide_tasks_finished; a job reads tide_tasks_job.
CREATE INDEX tide_tasks_list_queue ON tide_tasks (queue, id);
-- Not ready and leased tasks: those are the hot states (every enqueue, claim and acknowledgement would move an entry),
-- and claims and lease expiry must keep reading tide_tasks_ready and tide_tasks_lease_expiry; a listing of one of them
-- alone reads that index. The listing repeats the predicate so that SQLite may choose the index.
CREATE INDEX tide_tasks_list_state ON tide_tasks (state, id) WHERE state NOT IN ('ready', 'leased');
CREATE INDEX tide_tasks_list_owner ON tide_tasks (owner, id);
CREATE INDEX tide_tasks_list_type ON tide_tasks (type, id);
CREATE INDEX tide_tasks_list_created ON tide_tasks (created_at);
CREATE INDEX tide_tasks_list_run_at ON tide_tasks (run_at);

-- Error text (ILIKE '%text%') reads a trigram index of the last error message, when pg_trgm is available: created here
-- if it is not yet (in public, which outlives any one schema), else the list matches error text by reading a bounded
-- number of rows per page. Partial: tasks without a message (every new task) cost the index nothing, so enqueue and
-- successful acknowledgements do not write it; a failure's message does.
DO $$
DECLARE
    trgm_schema text;
BEGIN
    SELECT extnamespace::regnamespace::text INTO trgm_schema FROM pg_extension WHERE extname = 'pg_trgm';
    IF trgm_schema IS NULL AND EXISTS (SELECT 1 FROM pg_available_extensions WHERE name = 'pg_trgm') THEN
        BEGIN
            IF EXISTS (SELECT 1 FROM pg_namespace WHERE nspname = 'public') THEN
                CREATE EXTENSION IF NOT EXISTS pg_trgm SCHEMA public;
            ELSE
                CREATE EXTENSION IF NOT EXISTS pg_trgm;
            END IF;
        EXCEPTION WHEN others THEN
            RAISE NOTICE 'pg_trgm not created (%): the task list matches error text by reading rows', SQLERRM;
        END;
        SELECT extnamespace::regnamespace::text INTO trgm_schema FROM pg_extension WHERE extname = 'pg_trgm';
    END IF;
    IF trgm_schema IS NOT NULL THEN
        EXECUTE format('CREATE INDEX tide_tasks_message_trgm ON tide_tasks USING gin (message %s.gin_trgm_ops)'
                       ' WHERE message IS NOT NULL', trgm_schema);
    END IF;
END $$;
