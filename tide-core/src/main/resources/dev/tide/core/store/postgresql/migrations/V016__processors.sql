-- Processors (seed 004's Submission Processors): definitions every node reads, and what each node reports about them.
--
-- A definition is JSON (dev.tide.api.ProcessorDefinition); started is kept apart so that redefining keeps it. Each
-- node reads the table every second or so and follows it: it runs the started local processors meant for it and
-- stops the others.
CREATE TABLE tide_processors (
    name        TEXT PRIMARY KEY,
    definition  TEXT NOT NULL,
    started     smallint NOT NULL DEFAULT 0,     -- 1 while started
    updated_at  bigint NOT NULL
);

-- One row per processor and node that runs it or served claims under it: the node's report as JSON
-- (dev.tide.api.ProcessorRun), rewritten when it changes and at least every few seconds (seen_at). A node removes
-- its rows when it stops; a node that died leaves them, and their age shows it.
CREATE TABLE tide_processor_runs (
    processor  TEXT NOT NULL,
    node       TEXT NOT NULL,
    report     TEXT NOT NULL,
    seen_at    bigint NOT NULL,
    PRIMARY KEY (processor, node)
);

-- A user's own bound on its pending tasks in a queue, in place of the queue's per-user bound; NULL: the queue's.
ALTER TABLE tide_users ADD COLUMN max_pending integer;
