-- Hourly statistics and the digest.
-- Statements whose text is the same on SQLite and PostgreSQL. Each dialect's own text of the others is in its
-- queries.sql, where a statement of the same name as one here overrides it.

-- Hourly statistics per task type and queue (StatsTally): counts added in the transaction of the change they count,
-- into the writer's slot of the (type, hour, queue) (Dialect.statsSlot), so that concurrent writers seldom wait on one
-- row.
-- name: stats_add
INSERT INTO tide_stats (task_type, hour_start, queue, slot, started, succeeded, failed, retried, expired, units_used)
VALUES (:task_type, :hour_start, :queue, :slot, :started, :succeeded, :failed, :retried, :expired, :units_used)
ON CONFLICT (task_type, hour_start, queue, slot) DO UPDATE
SET started = tide_stats.started + excluded.started, succeeded = tide_stats.succeeded + excluded.succeeded,
    failed = tide_stats.failed + excluded.failed, retried = tide_stats.retried + excluded.retried,
    expired = tide_stats.expired + excluded.expired, units_used = tide_stats.units_used + excluded.units_used;

-- The hours in [:from, :to), each type's queues and slots summed: one range of tide_stats_hour; of one queue
-- (stats_if_queue), one range of tide_stats_queue (V027).
-- name: stats_list
SELECT task_type, hour_start, sum(started) AS started, sum(succeeded) AS succeeded, sum(failed) AS failed,
       sum(retried) AS retried, sum(expired) AS expired, sum(units_used) AS units_used
FROM tide_stats WHERE hour_start >= :from AND hour_start < :to
  /*filters*/
GROUP BY hour_start, task_type ORDER BY hour_start, task_type;

-- Filters of stats_list.
-- name: stats_if_type
AND task_type = :task_type

-- name: stats_if_queue
AND queue = :queue

-- The digest (Digest): its period mark, moved by compare-and-set, and what it reports of [:since, :until).
-- name: digest_get
SELECT last_sent_at FROM tide_digest WHERE id = 1;

-- The first mark (the row is made if missing).
-- name: digest_start
INSERT INTO tide_digest (id, last_sent_at) VALUES (1, :until)
ON CONFLICT (id) DO UPDATE SET last_sent_at = excluded.last_sent_at WHERE tide_digest.last_sent_at IS NULL;

-- name: digest_advance
UPDATE tide_digest SET last_sent_at = :until WHERE id = 1 AND last_sent_at = :expected;

-- name: digest_event_counts
SELECT kind, count(*) AS n FROM tide_events WHERE at >= :since AND at < :until GROUP BY kind ORDER BY kind;

-- name: digest_events_latest
SELECT * FROM tide_events
WHERE at >= :since AND at < :until AND kind <> 'task.failed'
ORDER BY id DESC LIMIT :limit;
