-- Transactions Tide joins (Tide.joining): a connection the application hands in is on Tide's store only if this
-- schema's random identity, read through that connection, is the one the store read through its own.
CREATE TABLE tide_store_id (
    id TEXT NOT NULL PRIMARY KEY
);

INSERT INTO tide_store_id (id) VALUES (md5(random()::text || clock_timestamp()::text || txid_current()::text));

-- A function's body resolves plain names by the search path of the session that fires it: an application's connection
-- joined by Tide may not have Tide's schema on it at all. The fair queues' trigger function is pinned to its schema.
DO $$
BEGIN
    EXECUTE format('ALTER FUNCTION tide_fair_user_active() SET search_path = %I', current_schema());
END
$$;
