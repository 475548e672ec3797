-- Tide's statements on SQLite whose text differs from PostgreSQL's, and those only SQLite has (sqlite_*). The
-- statements whose text is the same on both are in ../sql/<concern>.sql; one here overrides the one there by the same
-- name. Parameters are :named. Lists are bound as one JSON array and read with json_each.

-- After a claim from a roulette queue: its race clock moves to the largest key claimed; from a fair queue, to the
-- largest pass served (a no-op for the other disciplines, and for a key behind the clock).
-- name: queue_race_advance
UPDATE tide_queues SET race_clock = :dispatch_key
WHERE name = :name AND discipline IN ('roulette', 'fair') AND (race_clock IS NULL OR race_clock < :dispatch_key);

-- Waiting tasks of a queue after a task id, with what their dispatch keys are made of.
-- name: task_rekey_candidates
SELECT t.id, t.owner, t.priority, t.weight, t.deadline, j.priority AS job_priority, j.deadline AS job_deadline,
       CASE WHEN j.late_at IS NOT NULL OR t.dispatch_key >= :late_lane THEN 1 ELSE 0 END AS job_late
FROM tide_tasks t LEFT JOIN tide_jobs j ON j.id = t.job_id
WHERE t.queue = :queue AND t.id > :after_id AND t.state IN ('scheduled', 'blocked', 'ready', 'parked')
ORDER BY t.id
LIMIT :limit;

-- name: task_rekey
UPDATE tide_tasks SET dispatch_key = :dispatch_key, fair = :fair WHERE id = :id AND state IN ('scheduled', 'blocked', 'ready', 'parked');

-- Of the ids, those the owner's: the ownership check of a confined caller's request.
-- name: task_ids_owned
SELECT id FROM tide_tasks WHERE owner = :owner AND id IN (SELECT value FROM json_each(:ids));

-- name: job_ids_owned
SELECT id FROM tide_jobs WHERE owner = :owner AND id IN (SELECT value FROM json_each(:ids));

-- name: job_total_add
UPDATE tide_jobs SET total = total + :n WHERE id = :id;

-- name: job_count_add
UPDATE tide_jobs
SET succeeded = succeeded + :succeeded, failed = failed + :failed, cancelled = cancelled + :cancelled
WHERE id = :id
RETURNING *;

-- name: job_reopen
UPDATE tide_jobs
SET state = 'open', outcome = NULL, finished_at = NULL, failed = failed - :failed, cancelled = cancelled - :cancelled
WHERE id = :id
RETURNING *;

-- name: job_prune
DELETE FROM tide_jobs WHERE id IN (
    SELECT j.id FROM tide_jobs j
    WHERE j.state = 'finished' AND j.finished_at < :cutoff
      AND NOT EXISTS (SELECT 1 FROM tide_tasks t WHERE t.job_id = j.id)
    ORDER BY j.finished_at
    LIMIT :limit);

-- Inserts with ids chosen by SqliteStore, run as one JDBC batch: the next ids come from sqlite_sequence (this is the
-- only writer), and each row's update count says whether it went in (1) or its idempotency key was taken (0).
-- name: sqlite_task_next_id
SELECT COALESCE((SELECT seq FROM sqlite_sequence WHERE name = 'tide_tasks'), 0) + 1 AS next_id;

-- name: sqlite_task_insert_with_id
INSERT INTO tide_tasks (id, queue, type, job_id, owner, payload, payload_bytes, priority, weight, dispatch_key, fair,
                        run_at, deadline, state, max_attempts, lease_ms, idempotency_key, created_at, expires_at,
                        run_anyway, coalescing_key, bounded, job_type, units, divisible, blob_store, blob_key,
                        blob_sha256)
VALUES (:id, :queue, :type, :job_id, :owner, :payload, :payload_bytes, :priority, :weight, :dispatch_key, :fair,
        :run_at, :deadline, :state, :max_attempts, :lease_ms, :idempotency_key, :created_at, :expires_at, :run_anyway,
        :coalescing_key, :bounded, :job_type, :units, :divisible, :blob_store, :blob_key, :blob_sha256)
ON CONFLICT (queue, owner, idempotency_key) WHERE idempotency_key IS NOT NULL DO NOTHING;

-- The same for rows that use no capability's column (PlainRows): those keep their defaults.
-- name: sqlite_task_insert_plain
INSERT INTO tide_tasks (id, queue, type, owner, payload, payload_bytes, priority, dispatch_key, run_at, state,
                        max_attempts, lease_ms, created_at)
VALUES (:id, :queue, :type, :owner, :payload, :payload_bytes, :priority, :dispatch_key, :run_at, :state,
        :max_attempts, :lease_ms, :created_at);

-- Smart queue (seed 002). The pending tasks that share a newcomer's coalescing key in its queue and owner, oldest
-- first: a range of tide_tasks_coalescing.
-- name: coalescing_pending
SELECT * FROM tide_tasks
WHERE queue = :queue AND owner = :owner AND coalescing_key = :coalescing_key AND state IN ('scheduled', 'blocked', 'ready', 'parked')
ORDER BY id
LIMIT :limit;

-- A claim leases on the writer and answers only the ids: SqliteStore reads the rows afterwards on a reader connection
-- (sqlite_task_claimed_get), which keeps the single writer thread's work per claimed task small. A suspended queue
-- (or server) and a fair queue (FairClaim serves it) get a limit of 0: SQLite evaluates the limit once, before the
-- scan, where a condition in the WHERE clause would be tested on every index entry of the queue.
-- An ordered queue has two lanes: its tasks on time, and behind DispatchKey.LATE_LANE the tasks of jobs past their
-- deadline. A claim takes :late_share of its tasks from the late lane and the rest on time; a lane with nothing ready
-- leaves its share to the other. Each lane is one range of the ready index, in order.
-- The answer carries the profiles' revision, so that a claim made under an outdated copy of them is undone and run
-- again (LiveProfiles): a queue without profiles pays no statement of its own for them.
-- name: task_claim
UPDATE tide_tasks
SET state = 'leased', lease_owner = :owner, lease_account = :account, lease_token = :token,
    lease_expires_at = :now + COALESCE(:lease_ms, lease_ms), lease_granted_ms = COALESCE(:lease_ms, lease_ms),
    attempts = attempts + 1,
    started_at = COALESCE(started_at, :now)
WHERE id IN (
    SELECT id FROM (
        SELECT id FROM tide_tasks
        WHERE queue = :queue AND state = 'ready' AND dispatch_key < :late_lane
          /*filters*/
        ORDER BY dispatch_key, id
        LIMIT CASE
            WHEN EXISTS (SELECT 1 FROM tide_queues q
                         WHERE q.name IN (:queue, '*') AND (q.suspended = 1 OR q.discipline = 'fair')) THEN 0
            WHEN :late_share > 0 AND EXISTS (SELECT 1 FROM tide_tasks
                                             WHERE queue = :queue AND state = 'ready' AND dispatch_key >= :late_lane)
                THEN :limit - :late_share
            ELSE :limit END)
    UNION ALL
    SELECT id FROM (
        SELECT id FROM tide_tasks
        WHERE queue = :queue AND state = 'ready' AND dispatch_key >= :late_lane
          /*filters*/
        ORDER BY dispatch_key, id
        LIMIT CASE
            WHEN EXISTS (SELECT 1 FROM tide_queues q
                         WHERE q.name IN (:queue, '*') AND (q.suspended = 1 OR q.discipline = 'fair')) THEN 0
            WHEN EXISTS (SELECT 1 FROM tide_tasks
                         WHERE queue = :queue AND state = 'ready' AND dispatch_key < :late_lane) THEN :late_share
            ELSE :limit END))
RETURNING id, dispatch_key, type, job_type, units, divisible,
          (SELECT coalesce(max(revision), 0) FROM tide_profile_revision) AS profile_revision;

-- A fair queue's claim takes each user's tasks from its own range of keys (DispatchKey.fair), never anyone else's:
-- up to :limit tasks of each user in :owners, one range of the ready index per user, all users in one statement.
-- name: fair_claim_users
UPDATE tide_tasks
SET state = 'leased', lease_owner = :owner, lease_account = :account, lease_token = :token,
    lease_expires_at = :now + COALESCE(:lease_ms, lease_ms), lease_granted_ms = COALESCE(:lease_ms, lease_ms),
    attempts = attempts + 1,
    started_at = COALESCE(started_at, :now)
WHERE id IN (
    SELECT picked.id
    FROM tide_users u
    JOIN tide_tasks picked ON picked.id IN (
        SELECT id FROM tide_tasks
        WHERE queue = :queue AND state = 'ready' AND dispatch_key >= u.key_from AND dispatch_key < u.key_to
          /*filters*/
        ORDER BY dispatch_key, id
        LIMIT :limit)
    WHERE u.queue = :queue AND u.owner IN (SELECT value FROM json_each(:owners)))
RETURNING id, dispatch_key, type, job_type, units, divisible;

-- Filters a claim adds at /*filters*/ (Tx.prepare with fragments).
-- name: claim_if_types
AND type IN (SELECT value FROM json_each(:types))

-- Every claim's: a task past its expiry is never delivered, also before maintenance has ended it.
-- Profiles (ProfiledClaim): the types and job types whose profile has no room left in this claim are passed over; a
-- job type's profile governs only the tasks whose own type has no profile.
-- name: claim_unless_types
AND type NOT IN (SELECT value FROM json_each(:closed_types))

-- name: claim_unless_job_types
AND (job_type IS NULL OR job_type NOT IN (SELECT value FROM json_each(:closed_job_types))
     OR type IN (SELECT value FROM json_each(:profiled_types)))

-- name: claim_if_job_type
AND job_type = :only_job_type AND type NOT IN (SELECT value FROM json_each(:profiled_types))

-- name: claim_unexpired
AND (expires_at IS NULL OR expires_at > :now)

-- name: claim_if_owners
AND owner IN (SELECT value FROM json_each(:owners))

-- name: claim_unless_owners
AND owner NOT IN (SELECT value FROM json_each(:excluded))

-- The users of a fair queue whose turn comes next: active, under their concurrency cap, smallest pass first (ties
-- by name), one row each however many tasks they have waiting; a capped user costs one count of its leases (which
-- its cap bounds; SQLite cannot take a LIMIT from the outer row).
-- name: fair_users_next
SELECT u.owner, u.pass, COALESCE(u.allocation, :default_allocation) AS allocation,
       COALESCE(u.concurrency, :default_concurrency) AS concurrency
FROM tide_users u
WHERE u.queue = :queue AND u.active = 1
  /*filters*/
ORDER BY u.pass, u.owner
LIMIT :limit;

-- Filters of fair_users_next and fair_users_first (every claim adds fair_under_cap); fair_if_users also of user_list.
-- name: fair_under_cap
AND (COALESCE(u.concurrency, :default_concurrency) IS NULL
     OR (SELECT count(*) FROM tide_tasks t
         WHERE t.queue = u.queue AND t.state = 'leased' AND t.fair = 1
           AND t.dispatch_key >= u.key_from AND t.dispatch_key < u.key_to)
        < COALESCE(u.concurrency, :default_concurrency))

-- name: fair_if_users
AND u.owner IN (SELECT value FROM json_each(:owners))

-- name: fair_unless_users
AND u.owner NOT IN (SELECT value FROM json_each(:excluded))

-- name: fair_if_allocated
AND COALESCE(u.allocation, :default_allocation) > 0

-- The users' next turns after a claim served them, and whether each may still have ready tasks: :turns is a JSON
-- array of [owner, pass as hex, active], read once (materialized) so that each user is found by its key.
-- name: fair_users_turn
WITH w AS MATERIALIZED (
    SELECT value ->> 0 AS owner, unhex(value ->> 1) AS pass, value ->> 2 AS active FROM json_each(:turns))
UPDATE tide_users
SET pass = w.pass, active = w.active, deactivated_at = CASE WHEN w.active = 0 THEN :now ELSE NULL END
FROM w
WHERE tide_users.queue = :queue AND tide_users.owner = w.owner;

-- Changes only the settings given (not NULL); a user new to the queue gets them, the queue's defaults for the rest.
-- name: user_adjust
INSERT INTO tide_users (queue, owner, key_from, key_to, allocation, concurrency, max_pending)
VALUES (:queue, :owner, :key_from, :key_to, :allocation, :concurrency, :max_pending)
ON CONFLICT (queue, owner) DO UPDATE SET
    allocation = COALESCE(:allocation, tide_users.allocation),
    concurrency = COALESCE(:concurrency, tide_users.concurrency),
    max_pending = COALESCE(:max_pending, tide_users.max_pending);

-- The tasks a claim leased, in dispatch order, read after its commit; a task whose lease was lost in between (it
-- expired and was reclaimed) no longer carries the claim's token and is left out.
-- name: sqlite_task_claimed_get
SELECT * FROM tide_tasks
WHERE id IN (SELECT value FROM json_each(:ids)) AND lease_token = :token
ORDER BY dispatch_key, id;

-- A claim of one chosen task still keeps its owner's concurrency cap in a fair queue.
-- name: task_claim_by_id
UPDATE tide_tasks
SET state = 'leased', lease_owner = :owner, lease_account = :account, lease_token = :token,
    lease_expires_at = :now + COALESCE(:lease_ms, lease_ms), lease_granted_ms = COALESCE(:lease_ms, lease_ms),
    attempts = attempts + 1,
    started_at = COALESCE(started_at, :now)
WHERE id = :id AND state = 'ready' AND (expires_at IS NULL OR expires_at > :now)
  AND NOT EXISTS (SELECT 1 FROM tide_queues q WHERE q.name IN (tide_tasks.queue, '*') AND q.suspended = 1)
  AND NOT EXISTS (
      SELECT 1 FROM tide_users u JOIN tide_queues q ON q.name = u.queue
      WHERE tide_tasks.fair = 1 AND u.queue = tide_tasks.queue AND u.owner = tide_tasks.owner
        AND COALESCE(u.concurrency, q.default_concurrency) <= (
            SELECT count(*) FROM tide_tasks t
            WHERE t.queue = u.queue AND t.state = 'leased' AND t.fair = 1
              AND t.dispatch_key >= u.key_from AND t.dispatch_key < u.key_to))
RETURNING *;

-- Locks the chosen task's user row (in a fair queue) before task_claim_by_id reads its lease count; a no-op on
-- SQLite, whose single writer already excludes every other claim.
-- name: task_claim_by_id_lock_user
SELECT 1 FROM tide_users WHERE queue = (SELECT queue FROM tide_tasks WHERE id = :id)
  AND owner = (SELECT owner FROM tide_tasks WHERE id = :id);

-- A heartbeat without an extension (:lease_ms null) extends by what the claim granted (lease_granted_ms, V019).
-- name: task_lease_extend
UPDATE tide_tasks SET lease_expires_at = :now + COALESCE(:lease_ms, lease_granted_ms, lease_ms)
WHERE id = :id AND lease_token = :token AND state = 'leased'
RETURNING id, lease_owner, lease_token, lease_expires_at,
          COALESCE(:lease_ms, lease_granted_ms, lease_ms) AS granted_ms;

-- name: task_finish
UPDATE tide_tasks
SET state = 'finished', outcome = :outcome, result = :result, message = COALESCE(:message, message),
    finished_at = :now, lease_token = NULL, lease_expires_at = NULL
WHERE id = :id AND lease_token = :token AND state = 'leased'
RETURNING job_id, queue, fair, has_dependents, type, units, granted_units;

-- name: task_reschedule
UPDATE tide_tasks
SET state = :state, run_at = :run_at, message = COALESCE(:message, message), attempts = attempts - :refund,
    lease_token = NULL, lease_expires_at = NULL
WHERE id = :id AND lease_token = :token AND state = 'leased'
RETURNING job_id, queue, fair, has_dependents, type, units, granted_units;

-- Tasks of one claim (one lease token) that end with one outcome and no result or message: the common
-- acknowledgement, in one short statement for many tasks. Each answer row names its task by id; a task missing from
-- the answer lost its lease.
-- name: task_finish_many
UPDATE tide_tasks
SET state = 'finished', outcome = :outcome, finished_at = :now, lease_token = NULL, lease_expires_at = NULL
WHERE id IN (SELECT value FROM json_each(:ids)) AND lease_token = :token AND state = 'leased'
RETURNING id, job_id, queue, fair, has_dependents, type, units, granted_units;

-- Any mix of task_finish and task_reschedule for SqliteBulk (statements named sqlite_* are this store's own), as one
-- JSON array holding an array [id, token, state, outcome, result, message, run_at, refund] per settlement; task ids
-- must be distinct. SQLite's RETURNING may not name the FROM clause, so each answer row names its task by id.
-- name: sqlite_task_settle_many
UPDATE tide_tasks
SET state = s.state,
    outcome = s.outcome,
    result = CASE WHEN s.state = 'finished' THEN s.result ELSE tide_tasks.result END,
    message = COALESCE(s.message, tide_tasks.message),
    run_at = CASE WHEN s.state = 'finished' THEN tide_tasks.run_at ELSE s.run_at END,
    attempts = tide_tasks.attempts - s.refund,
    finished_at = CASE WHEN s.state = 'finished' THEN :now ELSE tide_tasks.finished_at END,
    lease_token = NULL, lease_expires_at = NULL
FROM (SELECT value ->> 0 AS id, value ->> 1 AS token, value ->> 2 AS state, value ->> 3 AS outcome,
             value ->> 4 AS result, value ->> 5 AS message, value ->> 6 AS run_at, value ->> 7 AS refund
      FROM json_each(:settlements)) AS s
WHERE tide_tasks.id = s.id AND tide_tasks.lease_token = s.token AND tide_tasks.state = 'leased'
RETURNING tide_tasks.id, tide_tasks.job_id, tide_tasks.queue, tide_tasks.fair, tide_tasks.has_dependents,
    tide_tasks.type, tide_tasks.units, tide_tasks.granted_units;

-- name: task_get_many
SELECT * FROM tide_tasks WHERE id IN (SELECT value FROM json_each(:ids));

-- name: task_retry
UPDATE tide_tasks
SET state = 'ready', outcome = NULL, attempts = 0, run_at = :now, finished_at = NULL
WHERE id = :id AND state = 'finished' AND outcome IN ('failed', 'cancelled')
RETURNING job_id, queue, fair, has_dependents, type, units, granted_units;

-- Dependencies (see Dependents). Marks tasks as depended on and answers their states, before the dependents' rows
-- are written; on PostgreSQL the update locks each row against a settlement ending it meanwhile.
-- name: task_dependencies_mark
UPDATE tide_tasks SET has_dependents = 1 WHERE id IN (SELECT value FROM json_each(:ids))
RETURNING id, state, outcome;

-- Arrays joined by position are materialized first, so the join looks positions up in an index SQLite builds for
-- them (json_each joined directly scans one whole array per element of the other: a thousand dependents took 50 ms).
-- name: task_dependencies_add
WITH d(position, depends_on) AS MATERIALIZED (SELECT key, value FROM json_each(:depends_on)),
     t(position, task_id) AS MATERIALIZED (SELECT key, value FROM json_each(:task_ids))
INSERT INTO tide_task_dependencies (depends_on, task_id)
SELECT d.depends_on, t.task_id FROM d JOIN t ON t.position = d.position;

-- A new task's unmet dependencies: blocked while there are any, else free to run now or at its run-at.
-- The new tasks :ids (distinct) with their :blockers and :depends_on, at the same positions of the three arrays.
-- name: task_dependencies_set
WITH i(position, id) AS MATERIALIZED (SELECT key, value FROM json_each(:ids)),
     b(position, blockers) AS MATERIALIZED (SELECT key, value FROM json_each(:blockers)),
     o(position, depends_on) AS MATERIALIZED (SELECT key, value FROM json_each(:depends_on))
UPDATE tide_tasks
SET blockers = d.blockers, depends_on = d.depends_on,
    state = CASE WHEN d.blockers > 0 THEN 'blocked' WHEN tide_tasks.run_at > :now THEN 'scheduled' ELSE 'ready' END
FROM (SELECT i.id, b.blockers, o.depends_on
      FROM i JOIN b ON b.position = i.position JOIN o ON o.position = i.position) AS d
WHERE tide_tasks.id = d.id
RETURNING *;

-- The tasks waiting on :ids, one blocker fewer per task of :ids they wait on (after a failure, only those that run
-- anyway); those with none left become ready or scheduled, parked ones stay parked.
-- name: task_dependents_release
UPDATE tide_tasks
SET blockers = tide_tasks.blockers - m.n,
    state = CASE WHEN tide_tasks.state <> 'blocked' OR tide_tasks.blockers > m.n THEN tide_tasks.state
                 WHEN tide_tasks.run_at > :now THEN 'scheduled' ELSE 'ready' END
FROM (SELECT task_id, count(*) AS n FROM tide_task_dependencies WHERE depends_on IN (SELECT value FROM json_each(:ids)) GROUP BY task_id) AS m
WHERE tide_tasks.id = m.task_id AND tide_tasks.blockers > 0 AND tide_tasks.state IN ('blocked', 'parked')
  AND (:failed = 0 OR tide_tasks.run_anyway = 1)
RETURNING tide_tasks.queue, tide_tasks.state;

-- The tasks waiting on :ids that do not run anyway end cancelled, naming the dependency.
-- name: task_dependents_cancel
UPDATE tide_tasks
SET state = 'finished', outcome = 'cancelled', finished_at = :now,
    message = 'dependency ' || m.depends_on || ' ended ' || :outcome
FROM (SELECT task_id, min(depends_on) AS depends_on FROM tide_task_dependencies WHERE depends_on IN (SELECT value FROM json_each(:ids))
      GROUP BY task_id) AS m
WHERE tide_tasks.id = m.task_id AND tide_tasks.blockers > 0 AND tide_tasks.state IN ('blocked', 'parked') AND tide_tasks.run_anyway = 0
RETURNING tide_tasks.id, tide_tasks.job_id, tide_tasks.queue, tide_tasks.fair, tide_tasks.has_dependents,
    tide_tasks.type, tide_tasks.units, tide_tasks.granted_units;

-- Waiting tasks past their expiry end expired, oldest expiry first.
-- name: task_expire_due
UPDATE tide_tasks SET state = 'finished', outcome = 'expired', finished_at = :now
WHERE id IN (
    SELECT id FROM tide_tasks
    WHERE expires_at <= :now AND expires_at IS NOT NULL AND state IN ('scheduled', 'blocked', 'ready', 'parked')
    ORDER BY expires_at LIMIT :limit)
  AND state IN ('scheduled', 'blocked', 'ready', 'parked')
RETURNING id, job_id, queue, fair, has_dependents, type, units, granted_units;

-- Unparked tasks return to the state they would have now: blocked while they wait on others, else scheduled or
-- ready by their run-at.
-- name: task_unpark
UPDATE tide_tasks
SET state = CASE WHEN blockers > 0 THEN 'blocked' WHEN run_at > :now THEN 'scheduled' ELSE 'ready' END
WHERE state = 'parked'
  /*filters*/
RETURNING queue, state;

-- name: park_if_ids
AND id IN (SELECT value FROM json_each(:ids))

-- Moves up to :limit waiting tasks of a late job, in ordered queues (fifo, priority, edf; a queue without a row is in
-- priority order), behind the late lane's start; their order among themselves stays.
-- name: task_late_move
UPDATE tide_tasks SET dispatch_key = unhex(hex(:late_lane) || hex(dispatch_key))
WHERE id IN (
    SELECT t.id FROM tide_tasks t
    WHERE t.job_id = :job_id AND t.state IN ('scheduled', 'blocked', 'ready', 'parked') AND t.fair = 0
      AND t.dispatch_key < :late_lane
      AND COALESCE((SELECT q.discipline FROM tide_queues q WHERE q.name = t.queue), 'priority')
          IN ('fifo', 'priority', 'edf')
    LIMIT :limit);

-- A worker name's leases as one account sees them (AccountWorkers): those it claimed, or all when :account is null.
-- Sorted by id + 0, which no index orders: by id, SQLite walked the whole table in id order rather than read the
-- leased tasks (tide_tasks_lease_expiry) and sort them.
-- name: task_lease_list
SELECT * FROM tide_tasks
WHERE state = 'leased' AND lease_owner = :owner AND (:account IS NULL OR lease_account = :account)
ORDER BY id + 0;

-- A resume without a lease length keeps the one the claim granted.
-- name: task_lease_resume
UPDATE tide_tasks SET lease_token = :token, lease_expires_at = :now + COALESCE(:lease_ms, lease_granted_ms, lease_ms),
    lease_granted_ms = COALESCE(:lease_ms, lease_granted_ms, lease_ms)
WHERE state = 'leased' AND lease_owner = :owner AND (:account IS NULL OR lease_account = :account)
RETURNING *;

-- name: task_lease_of_owner
SELECT id, lease_token, type, attempts, max_attempts FROM tide_tasks
WHERE state = 'leased' AND lease_owner = :owner AND (:account IS NULL OR lease_account = :account);

-- name: task_promote_due
UPDATE tide_tasks SET state = 'ready'
WHERE id IN (
    SELECT id FROM tide_tasks WHERE state = 'scheduled' AND run_at <= :now ORDER BY run_at LIMIT :limit)
RETURNING queue;

-- Answers one row per task deleted, with the blob the caller must delete after the commit (null when none is left).
-- name: task_prune
DELETE FROM tide_tasks WHERE id IN (
    SELECT id FROM tide_tasks WHERE state = 'finished' AND finished_at < :cutoff ORDER BY finished_at LIMIT :limit)
RETURNING CASE WHEN blob_deleted_at IS NULL THEN blob_key END AS blob_key;

-- Blob store (BlobPayloads). Of these keys, those a task still refers to: the orphan sweep and a refused enqueue
-- delete only the others. Reads tide_tasks_blob.
-- name: task_blob_referenced
SELECT blob_key FROM tide_tasks
WHERE blob_key IN (SELECT value FROM json_each(:keys)) AND blob_deleted_at IS NULL;

-- Lets go of the blobs of these tasks if they succeeded and are of a type that deletes blobs on completion; answers
-- the keys for the caller to delete after the commit.
-- name: task_blob_release
UPDATE tide_tasks SET blob_deleted_at = :now
WHERE id IN (SELECT value FROM json_each(:ids)) AND type IN (SELECT value FROM json_each(:types))
  AND outcome = 'succeeded' AND blob_key IS NOT NULL AND blob_deleted_at IS NULL
RETURNING blob_key;

-- name: schema_lock
SELECT 1;

-- name: event_prune
DELETE FROM tide_events WHERE id IN (
    SELECT id FROM tide_events WHERE at < :cutoff ORDER BY at LIMIT :limit);

-- Maintenance: the intake's records of files past the event log's retention, oldest first, in batches.
-- name: intake_file_prune
DELETE FROM tide_intake_files WHERE id IN (
    SELECT id FROM tide_intake_files WHERE at < :cutoff ORDER BY at LIMIT :limit);

-- name: profile_hour_add
UPDATE tide_profile_hours SET used = used + :units WHERE profile = :profile AND hour_start = :hour_start;

-- A profile's tasks leased now, for its concurrency cap: counted from the leased tasks (a worker's handful each).
-- name: profile_leased_types
SELECT count(*) AS n FROM tide_tasks WHERE state = 'leased' AND lease_token <> :token AND type IN (SELECT value FROM json_each(:types));

-- name: profile_leased_job_type
SELECT count(*) AS n FROM tide_tasks
WHERE state = 'leased' AND lease_token <> :token AND job_type = :job_type AND type NOT IN (SELECT value FROM json_each(:profiled_types));

-- The units a claim granted, kept on each task so that an acknowledgement can give back what it did not use.
-- name: task_charge
UPDATE tide_tasks SET granted_units = :units, charge_profile = :profile, charge_hour = :hour_start
WHERE id = :id;

-- The grants of the tasks a claim started whole (the common case), in one statement per profile and hour.
-- name: task_charge_whole
UPDATE tide_tasks SET granted_units = units, charge_profile = :profile, charge_hour = :hour_start
WHERE id IN (SELECT value FROM json_each(:ids));

-- Tasks a claim leased beyond what their profile allows go back as they were, in the claim's own transaction.
-- name: task_claim_give_back
UPDATE tide_tasks
SET state = 'ready', lease_owner = NULL, lease_token = NULL, lease_expires_at = NULL, attempts = attempts - 1,
    started_at = CASE WHEN started_at = :now THEN NULL ELSE started_at END
WHERE id IN (SELECT value FROM json_each(:ids)) AND lease_token = :token;

-- name: load_hour_add
INSERT INTO tide_load_hours (signal, hour_start, total, samples) VALUES (:signal, :hour_start, :value, 1)
ON CONFLICT (signal, hour_start) DO UPDATE SET total = total + excluded.total, samples = samples + 1;

-- name: load_hours_mean
SELECT sum(total) AS total, sum(samples) AS samples FROM tide_load_hours
WHERE signal = :signal AND hour_start IN (SELECT value FROM json_each(:hours));

-- Schedules. A replacement keeps the next firing when it keeps the expression and zone (and is not resumed by it);
-- :paused NULL keeps a replaced schedule's state and starts a new one running.
-- name: schedule_upsert
INSERT INTO tide_schedules (name, definition, cron, zone, paused, next_fire_at, updated_at)
VALUES (:name, :definition, :cron, :zone, COALESCE(:paused, 0), :next_fire_at, :now)
ON CONFLICT (name) DO UPDATE SET
    definition = excluded.definition,
    cron = excluded.cron,
    zone = excluded.zone,
    paused = COALESCE(:paused, tide_schedules.paused),
    next_fire_at = CASE
        WHEN tide_schedules.cron = excluded.cron AND tide_schedules.zone = excluded.zone
            AND tide_schedules.paused <= COALESCE(:paused, tide_schedules.paused)
        THEN tide_schedules.next_fire_at ELSE excluded.next_fire_at END,
    updated_at = excluded.updated_at
RETURNING *;

-- Pausing keeps the next firing (:next_fire_at NULL); resuming sets it to the first firing after now.
-- name: schedule_pause
UPDATE tide_schedules SET paused = :paused, next_fire_at = COALESCE(:next_fire_at, next_fire_at), updated_at = :now
WHERE name = :name
RETURNING *;

-- A queue's ready tasks of some types (:any_type = 1: of every type): the work a processing cycle leaves behind.
-- name: task_ready_count
SELECT COUNT(*) AS n FROM tide_tasks
WHERE queue = :queue AND state = 'ready' AND (:any_type = 1 OR type IN (SELECT value FROM json_each(:types)));

-- The earliest run-at among a queue's scheduled tasks of some types: when a drained cycle's queue has work again.
-- name: task_next_run_at_of
SELECT MIN(run_at) AS next_run_at FROM tide_tasks
WHERE queue = :queue AND state = 'scheduled' AND (:any_type = 1 OR type IN (SELECT value FROM json_each(:types)));

-- name: stats_prune
DELETE FROM tide_stats WHERE rowid IN (
    SELECT rowid FROM tide_stats WHERE hour_start < :cutoff ORDER BY hour_start LIMIT :limit);

-- Failures for good per task type: a range of tide_events_at.
-- name: digest_failures
SELECT json_extract(detail, '$.type') AS type, count(*) AS n FROM tide_events
WHERE at >= :since AND at < :until AND kind = 'task.failed'
GROUP BY 1 ORDER BY n DESC, type;

-- name: digest_failures_latest
SELECT * FROM tide_events
WHERE at >= :since AND at < :until AND kind = 'task.failed' AND json_extract(detail, '$.type') = :type
ORDER BY id DESC LIMIT :limit;

-- name: processor_start
UPDATE tide_processors SET started = :started, updated_at = :now WHERE name = :name
RETURNING *;

-- A node's rows of the processors it no longer reports about.
-- name: processor_run_forget
DELETE FROM tide_processor_runs WHERE node = :node AND processor NOT IN (SELECT value FROM json_each(:processors));

-- The trigram index that serves the task list's error-text filter: SQLite has none, so its text filters read rows.
-- name: task_search_indexes
SELECT name FROM sqlite_master WHERE type = 'index' AND name = 'tide_tasks_message_trgm';

-- A bounded queue's pending count reads tide_tasks_bounded, its pending tasks only: without statistics SQLite would
-- as soon walk tide_tasks_list_queue (V021), every task the queue holds, finished ones included.
-- name: pending_count_queue
SELECT count(*) AS n FROM (
    SELECT 1 FROM tide_tasks INDEXED BY tide_tasks_bounded
    WHERE queue = :queue AND bounded = 1 AND state IN ('scheduled', 'blocked', 'ready', 'parked') LIMIT :limit
) AS counted;
