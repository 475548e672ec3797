package dev.tide.bench;

/**
 * The least SQL a durable queue needs per task, per dialect: a table with an index over ready tasks, a batched
 * insert, a batched claim that writes the lease (expiry and token) and returns the payloads, and a batched completion
 * that is a compare-and-set on the claim's token, as any queue that refuses a stale acknowledgement must do.
 */
record CeilingSql(String[] schema, String insert, String claim, String complete) {

    static CeilingSql of(BenchDatabase.StoreKind kind) {
        return kind == BenchDatabase.StoreKind.SQLITE ? SQLITE : POSTGRESQL;
    }

    /** Inserts run as one JDBC batch of single-row inserts; ids to complete go in as one JSON array. */
    private static final CeilingSql SQLITE = new CeilingSql(
            new String[] {
                "CREATE TABLE ceiling_tasks (id INTEGER PRIMARY KEY, payload TEXT NOT NULL,"
                        + " state INTEGER NOT NULL, lease_token TEXT, lease_expires_at INTEGER)",
                "CREATE INDEX ceiling_ready ON ceiling_tasks (id) WHERE state = 0"
            },
            "INSERT INTO ceiling_tasks (payload, state) VALUES (?, 0)",
            "UPDATE ceiling_tasks SET state = 1, lease_token = ?, lease_expires_at = ? WHERE id IN"
                    + " (SELECT id FROM ceiling_tasks WHERE state = 0 ORDER BY id LIMIT ?) RETURNING id, payload",
            "UPDATE ceiling_tasks SET state = 2 WHERE id IN (SELECT value FROM json_each(?)) AND lease_token = ?");

    /** Inserts and completions take arrays, one statement per batch; claims skip rows another claimer locked. */
    private static final CeilingSql POSTGRESQL = new CeilingSql(
            new String[] {
                "CREATE TABLE ceiling_tasks (id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,"
                        + " payload text NOT NULL, state smallint NOT NULL, lease_token text, lease_expires_at bigint)",
                "CREATE INDEX ceiling_ready ON ceiling_tasks (id) WHERE state = 0"
            },
            "INSERT INTO ceiling_tasks (payload, state) SELECT p, 0 FROM unnest(?::text[]) AS p",
            "UPDATE ceiling_tasks SET state = 1, lease_token = ?, lease_expires_at = ? WHERE id = ANY(ARRAY("
                    + "SELECT id FROM ceiling_tasks WHERE state = 0 ORDER BY id LIMIT ? FOR UPDATE SKIP LOCKED))"
                    + " RETURNING id, payload",
            "UPDATE ceiling_tasks SET state = 2 WHERE id = ANY(?::bigint[]) AND lease_token = ?");
}
