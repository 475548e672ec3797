-- Folder intake (docs/intake.md): the switch every node reads before a pass, and what the passes did. One row, written
-- by upsert (no row yet: switched on, nothing counted). Times are epoch milliseconds, UTC.
CREATE TABLE tide_intake (
    id              integer PRIMARY KEY CHECK (id = 1),
    enabled         smallint NOT NULL DEFAULT 1,  -- 1 while nodes take files from their inbox
    files_stored    bigint NOT NULL DEFAULT 0,    -- files moved aside as stored, each one task
    files_rejected  bigint NOT NULL DEFAULT 0,    -- files moved to .rejected with their reason
    last_scan_at    bigint,                       -- the latest pass of any node; NULL before the first
    switched_at     bigint                        -- when the switch was last turned; NULL if never
);
