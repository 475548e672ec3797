-- The task list's error-text search. Its other indexes (one per filter) are kept only when asked for
-- (TideBuilder.listIndexes: store/list-indexes.sql), since each costs every enqueue, claim and acknowledgement.

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
