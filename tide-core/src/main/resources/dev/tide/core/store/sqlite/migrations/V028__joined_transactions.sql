-- The store's random identity, as on PostgreSQL (where Tide.joining checks a connection against it). On SQLite Tide
-- joins only the transactions it opens itself (Tide.transaction), on its own writer connection.
CREATE TABLE tide_store_id (
    id TEXT NOT NULL PRIMARY KEY
);

INSERT INTO tide_store_id (id) VALUES (lower(hex(randomblob(16))));
