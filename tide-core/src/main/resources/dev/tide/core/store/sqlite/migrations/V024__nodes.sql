-- The nodes registry: a row per Tide engine (node) that ran its background services on this database, written by that
-- node alone (NodeHeartbeat): when it starts, again every heartbeat (last_seen_at), and once more when it closes
-- (stopped_at). A node that stops writing without closing (a crash, a cut network) is gone once its heartbeat is
-- overdue; heartbeat_ms says how long that is for this node. Times are epoch milliseconds. The maintenance leader
-- deletes rows not written for the node retention. A few rows: no index but the key.
CREATE TABLE tide_nodes (
    name          TEXT PRIMARY KEY,             -- TideConfig.nodeName
    version       TEXT NOT NULL,                -- the Tide release the node runs
    host          TEXT NOT NULL,                -- the machine's host name
    started_at    INTEGER NOT NULL,
    last_seen_at  INTEGER NOT NULL,
    heartbeat_ms  INTEGER NOT NULL,
    stopped_at    INTEGER                       -- when it closed; NULL while it runs, and after a crash
);
