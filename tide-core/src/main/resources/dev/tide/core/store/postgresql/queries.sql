-- Tide's statements on PostgreSQL whose text differs from SQLite's, and those only PostgreSQL has (bulk statements and
-- coordination that only PostgresStore uses). The statements whose text is the same on both are in
-- ../sql/<concern>.sql; one here overrides the one there by the same name. Parameters are :named. Lists are bound as
-- arrays (text[], bigint[]) and read with = ANY(...) or unnest(...).
--
-- Bigint parameters used in arithmetic are cast (:now::bigint): pgjdbc may send a null long without a type, and
-- "NULL + column" would not resolve. Statements that pick rows by a subquery feed its ids through
-- "= ANY(ARRAY(...))" rather than a join: the row lookup is then always by primary key, even in a generic plan whose
-- LIMIT estimate would otherwise favour a hash join over the whole table.
--
-- Statements that find a row by id say nothing the planner could read as a partial index's predicate
-- ("state = 'leased'", "state = 'ready'"): when its statistics think that index nearly empty (they were taken while
-- the queue was idle), it scans the whole index instead of looking the id up. Leased tasks are matched by their
-- token alone (every statement that moves a task out of 'leased' clears the token, so a token matches only a leased
-- task); other states are compared as (state || ''), which no index predicate matches.

-- After a claim from a roulette queue: its race clock moves to the largest key claimed; from a fair queue, to the
-- largest pass served (a no-op for the other disciplines, and for a key behind the clock). A claimer that finds the
-- row locked by another claimer's advance leaves it to that one rather than wait: the clock then lags by at most one
-- claim, and claims never queue up here.
-- name: queue_race_advance
UPDATE tide_queues SET race_clock = :dispatch_key
WHERE name = (SELECT name FROM tide_queues WHERE name = :name FOR UPDATE SKIP LOCKED)
  AND discipline IN ('roulette', 'fair') AND (race_clock IS NULL OR race_clock < :dispatch_key);

-- Waiting tasks of a queue after a task id, with what their dispatch keys are made of.
-- name: task_rekey_candidates
SELECT t.id, t.owner, t.priority, t.weight, t.deadline, j.priority AS job_priority, j.deadline AS job_deadline,
       CASE WHEN j.late_at IS NOT NULL OR t.dispatch_key >= :late_lane THEN 1 ELSE 0 END AS job_late
FROM tide_tasks t LEFT JOIN tide_jobs j ON j.id = t.job_id
WHERE t.queue = :queue AND t.id > :after_id AND (t.state || '') IN ('scheduled', 'blocked', 'ready', 'parked')
ORDER BY t.id
LIMIT :limit;

-- name: task_rekey
UPDATE tide_tasks SET dispatch_key = :dispatch_key, fair = :fair WHERE id = :id
  AND (state || '') IN ('scheduled', 'blocked', 'ready', 'parked');

-- Of the ids, those the owner's: the ownership check of a confined caller's request.
-- name: task_ids_owned
SELECT id FROM tide_tasks WHERE owner = :owner AND id = ANY(:ids::bigint[]);

-- name: job_ids_owned
SELECT id FROM tide_jobs WHERE owner = :owner AND id = ANY(:ids::bigint[]);

-- name: job_total_add
UPDATE tide_jobs SET total = total + :n::bigint WHERE id = :id;

-- name: job_count_add
UPDATE tide_jobs
SET succeeded = succeeded + :succeeded::bigint, failed = failed + :failed::bigint,
    cancelled = cancelled + :cancelled::bigint
WHERE id = :id
RETURNING *;

-- name: job_reopen
UPDATE tide_jobs
SET state = 'open', outcome = NULL, finished_at = NULL, failed = failed - :failed::bigint,
    cancelled = cancelled - :cancelled::bigint
WHERE id = :id
RETURNING *;

-- name: job_prune
DELETE FROM tide_jobs WHERE id = ANY(ARRAY(
    SELECT j.id FROM tide_jobs j
    WHERE j.state = 'finished' AND j.finished_at < :cutoff
      AND NOT EXISTS (SELECT 1 FROM tide_tasks t WHERE t.job_id = j.id)
    ORDER BY j.finished_at
    LIMIT :limit
    FOR UPDATE SKIP LOCKED));

-- Many rows in one statement, one array per column. Ids are drawn from the table's identity sequence before the
-- insert, in input order, so each input row (ord, 1-based) is answered with its id, or a null id when its
-- idempotency key was taken (by an older task or by an earlier row of this batch: rows go in input order).
-- name: task_insert_many
WITH input AS (
    SELECT nextval('tide_tasks_id_seq') AS id, r.*
    FROM unnest(:queues::text[], :types::text[], :job_ids::bigint[], :owners::text[], :payloads::text[],
                :payload_bytes::int[], :priorities::int[], :weights::float8[], :dispatch_keys::bytea[],
                :fairs::smallint[], :run_ats::bigint[], :deadlines::bigint[], :states::text[], :max_attempts::int[],
                :lease_mss::bigint[], :idempotency_keys::text[], :created_ats::bigint[], :expires_ats::bigint[],
                :run_anyways::smallint[], :coalescing_keys::text[], :boundeds::smallint[], :job_types::text[],
                :unitss::int[], :divisibles::smallint[], :blob_stores::text[], :blob_keys::text[],
                :blob_sha256s::text[])
         WITH ORDINALITY AS r(queue, type, job_id, owner, payload, payload_bytes, priority, weight, dispatch_key, fair,
                              run_at, deadline, state, max_attempts, lease_ms, idempotency_key, created_at, expires_at,
                              run_anyway, coalescing_key, bounded, job_type, units, divisible, blob_store, blob_key,
                              blob_sha256, ord)),
inserted AS (
    INSERT INTO tide_tasks (id, queue, type, job_id, owner, payload, payload_bytes, priority, weight, dispatch_key,
                            fair, run_at, deadline, state, max_attempts, lease_ms, idempotency_key, created_at,
                            expires_at, run_anyway, coalescing_key, bounded, job_type, units, divisible, blob_store,
                            blob_key, blob_sha256)
    SELECT id, queue, type, job_id, owner, payload, payload_bytes, priority, weight, dispatch_key, fair, run_at,
           deadline, state, max_attempts, lease_ms, idempotency_key, created_at, expires_at, run_anyway,
           coalescing_key, bounded, job_type, units, divisible, blob_store, blob_key, blob_sha256
    FROM input
    ORDER BY ord
    ON CONFLICT (queue, owner, idempotency_key) WHERE idempotency_key IS NOT NULL DO NOTHING
    RETURNING id)
SELECT input.ord, inserted.id FROM input LEFT JOIN inserted ON inserted.id = input.id ORDER BY input.ord;

-- The same for rows that use no capability's column (PlainRows): those keep their defaults, and with no idempotency
-- key no row can be refused.
-- name: task_insert_plain
WITH input AS (
    SELECT nextval('tide_tasks_id_seq') AS id, r.*
    FROM unnest(:queues::text[], :types::text[], :owners::text[], :payloads::text[], :payload_bytes::int[],
                :priorities::int[], :dispatch_keys::bytea[], :run_ats::bigint[], :states::text[], :max_attempts::int[],
                :lease_mss::bigint[], :created_ats::bigint[])
         WITH ORDINALITY AS r(queue, type, owner, payload, payload_bytes, priority, dispatch_key, run_at, state,
                              max_attempts, lease_ms, created_at, ord)),
inserted AS (
    INSERT INTO tide_tasks (id, queue, type, owner, payload, payload_bytes, priority, dispatch_key, run_at, state,
                            max_attempts, lease_ms, created_at)
    SELECT id, queue, type, owner, payload, payload_bytes, priority, dispatch_key, run_at, state, max_attempts,
           lease_ms, created_at
    FROM input
    ORDER BY ord)
SELECT ord, id FROM input ORDER BY ord;

-- Smart queue (seed 002). The pending tasks that share a newcomer's coalescing key in its queue and owner, oldest
-- first: a range of tide_tasks_coalescing. They are locked for
-- the decision: a claim skips them, and one that leased a task first takes it out of the answer.
-- name: coalescing_pending
SELECT * FROM tide_tasks
WHERE queue = :queue AND owner = :owner AND coalescing_key = :coalescing_key AND state IN ('scheduled', 'blocked', 'ready', 'parked')
ORDER BY id
LIMIT :limit
FOR UPDATE;

-- Serializes enqueues that coalesce on one key, or enter one bounded queue, across nodes: a transaction-scoped
-- advisory lock per scope (one bigint key space, apart from the (class, schema) pairs of schema_lock and the leader).
-- The caller sorts the scopes, so two transactions take shared ones in one order and never deadlock; unnest keeps the
-- array's order.
-- name: scope_lock
SELECT count(pg_advisory_xact_lock(hashtextextended(current_schema() || ' ' || scope, 0))) AS locked
FROM unnest(:scopes::text[]) AS scope;

-- Rows are locked (skipping those another claimer holds) before they are leased, and leased before they are
-- returned: no task ever has two holders, and concurrent claimers do not queue behind each other.
-- An ordered queue has two lanes: its tasks on time, and behind DispatchKey.LATE_LANE the tasks of jobs past their
-- deadline. A claim takes :late_share of its tasks from the late lane and the rest on time; a lane with fewer ready
-- leaves the rest of its share to the other. Each lane is one range of the ready index, in order, locked up to :limit
-- (constant limits keep the plan an ordered index scan); what a lane locks beyond its share is let go at commit. The
-- late lane of a queue without late jobs is empty: one index probe.
-- The answer carries the profiles' revision, so that a claim made under an outdated copy of them is undone and run
-- again (LiveProfiles): a queue without profiles pays no statement of its own for them.
-- name: task_claim
WITH on_time AS (
    SELECT id FROM tide_tasks
    WHERE queue = :queue AND state = 'ready' AND dispatch_key < :late_lane
      AND NOT EXISTS (SELECT 1 FROM tide_queues q WHERE q.name IN (:queue, '*') AND (q.suspended = 1 OR q.discipline = 'fair'))
      /*filters*/
    ORDER BY dispatch_key, id
    LIMIT :limit
    FOR UPDATE SKIP LOCKED),
late AS (
    SELECT id FROM tide_tasks
    WHERE queue = :queue AND state = 'ready' AND dispatch_key >= :late_lane
      AND NOT EXISTS (SELECT 1 FROM tide_queues q WHERE q.name IN (:queue, '*') AND (q.suspended = 1 OR q.discipline = 'fair'))
      /*filters*/
    ORDER BY dispatch_key, id
    LIMIT :limit
    FOR UPDATE SKIP LOCKED),
found AS (SELECT (SELECT count(*) FROM on_time) AS on_time, (SELECT count(*) FROM late) AS late),
picked AS (
    SELECT o.id FROM (SELECT id, row_number() OVER () AS n FROM on_time) o, found
    WHERE o.n <= :limit::int - LEAST(:late_share::int, found.late)
    UNION ALL
    SELECT l.id FROM (SELECT id, row_number() OVER () AS n FROM late) l, found
    WHERE l.n <= :limit::int - LEAST(:limit::int - :late_share::int, found.on_time))
UPDATE tide_tasks t
SET state = 'leased', lease_owner = :owner, lease_account = :account::text, lease_token = :token,
    lease_expires_at = :now::bigint + COALESCE(:lease_ms::bigint, t.lease_ms),
    lease_granted_ms = COALESCE(:lease_ms::bigint, t.lease_ms), attempts = t.attempts + 1,
    started_at = COALESCE(t.started_at, :now::bigint)
WHERE t.id = ANY(ARRAY(SELECT id FROM picked))
RETURNING t.*, (SELECT coalesce(max(revision), 0) FROM tide_profile_revision) AS profile_revision;

-- A fair queue's claim takes each user's tasks from its own range of keys (DispatchKey.fair), never anyone else's:
-- up to :limit tasks of each user in :owners, one range of the ready index per user, all users in one statement.
-- name: fair_claim_users
WITH picked AS (
    SELECT p.id
    FROM tide_users u
    CROSS JOIN LATERAL (
        SELECT id FROM tide_tasks
        WHERE queue = :queue AND state = 'ready' AND dispatch_key >= u.key_from AND dispatch_key < u.key_to
          /*filters*/
        ORDER BY dispatch_key, id
        LIMIT :limit
        FOR UPDATE SKIP LOCKED) p
    WHERE u.queue = :queue AND u.owner = ANY(:owners::text[]))
UPDATE tide_tasks t
SET state = 'leased', lease_owner = :owner, lease_account = :account::text, lease_token = :token,
    lease_expires_at = :now::bigint + COALESCE(:lease_ms::bigint, t.lease_ms),
    lease_granted_ms = COALESCE(:lease_ms::bigint, t.lease_ms), attempts = t.attempts + 1,
    started_at = COALESCE(t.started_at, :now::bigint)
WHERE t.id = ANY(ARRAY(SELECT id FROM picked))
RETURNING t.*;

-- Filters a claim adds at /*filters*/ (Tx.prepare with fragments).
-- Profiles (ProfiledClaim): the types and job types whose profile has no room left in this claim are passed over; a
-- job type's profile governs only the tasks whose own type has no profile.
-- name: claim_unless_types
AND type <> ALL(:closed_types::text[])

-- name: claim_unless_job_types
AND (job_type IS NULL OR job_type <> ALL(:closed_job_types::text[]) OR type = ANY(:profiled_types::text[]))

-- name: claim_if_job_type
AND job_type = :only_job_type AND type <> ALL(:profiled_types::text[])

-- name: claim_if_types
AND type = ANY(:types::text[])

-- Every claim's: a task past its expiry is never delivered, also before maintenance has ended it.
-- name: claim_unexpired
AND (expires_at IS NULL OR expires_at > :now::bigint)

-- name: claim_if_owners
AND owner = ANY(:owners::text[])

-- name: claim_unless_owners
AND owner <> ALL(:excluded::text[])

-- The users of a fair queue whose turn comes next: active, under their concurrency cap, smallest pass first (ties
-- by name), one row each however many tasks they have waiting; a capped user costs one count of its leases, bounded
-- by its cap. Their rows stay locked until the claim commits: no other claimer serves them meanwhile (it skips to the
-- next users), and fair_user_leased then counts each one's leases exactly.
-- name: fair_users_next
SELECT u.owner, u.pass, COALESCE(u.allocation, :default_allocation::int) AS allocation,
       COALESCE(u.concurrency, :default_concurrency::int) AS concurrency
FROM tide_users u
WHERE u.queue = :queue AND u.active = 1
  /*filters*/
ORDER BY u.pass, u.owner
LIMIT :limit FOR UPDATE OF u SKIP LOCKED;

-- Filters of fair_users_next and fair_users_first (every claim adds fair_under_cap); fair_if_users also of user_list.
-- name: fair_under_cap
AND (COALESCE(u.concurrency, :default_concurrency::int) IS NULL
     OR (SELECT count(*) FROM (
            SELECT 1 FROM tide_tasks t
            WHERE t.queue = u.queue AND t.state = 'leased' AND t.fair = 1
              AND t.dispatch_key >= u.key_from AND t.dispatch_key < u.key_to
            LIMIT COALESCE(u.concurrency, :default_concurrency::int)) leases)
        < COALESCE(u.concurrency, :default_concurrency::int))

-- name: fair_if_users
AND u.owner = ANY(:owners::text[])

-- name: fair_unless_users
AND u.owner <> ALL(:excluded::text[])

-- name: fair_if_allocated
AND COALESCE(u.allocation, :default_allocation::int) > 0

-- The users' next turns after a claim served them, and whether each may still have ready tasks: :turns is a JSON
-- array of [owner, pass as hex, active]. The owners, taken out as an array first, make the users' rows an index
-- lookup (the planner, blind to how few turns a JSON array holds, would otherwise hash it against every user).
-- name: fair_users_turn
UPDATE tide_users u
SET pass = decode(w.turn->>1, 'hex'), active = (w.turn->>2)::int,
    deactivated_at = CASE WHEN (w.turn->>2)::int = 0 THEN :now::bigint ELSE NULL END
FROM jsonb_array_elements(:turns::jsonb) AS w(turn)
WHERE u.queue = :queue
  AND u.owner = ANY(ARRAY(SELECT t->>0 FROM jsonb_array_elements(:turns::jsonb) AS t))
  AND u.owner = w.turn->>0;

-- Changes only the settings given (not NULL); a user new to the queue gets them, the queue's defaults for the rest.
-- name: user_adjust
INSERT INTO tide_users (queue, owner, key_from, key_to, allocation, concurrency, max_pending)
VALUES (:queue, :owner, :key_from, :key_to, :allocation, :concurrency, :max_pending)
ON CONFLICT (queue, owner) DO UPDATE SET
    allocation = COALESCE(:allocation::int, tide_users.allocation),
    concurrency = COALESCE(:concurrency::int, tide_users.concurrency),
    max_pending = COALESCE(:max_pending::int, tide_users.max_pending);

-- Locks the chosen task's user row (in a fair queue) before task_claim_by_id reads its lease count: a claim of one
-- chosen task keeps the owner's concurrency cap exactly, as fair_users_next does.
-- name: task_claim_by_id_lock_user
SELECT 1 FROM tide_users WHERE queue = (SELECT queue FROM tide_tasks WHERE id = :id)
  AND owner = (SELECT owner FROM tide_tasks WHERE id = :id)
FOR UPDATE;

-- A claim of one chosen task still keeps its owner's concurrency cap in a fair queue.
-- name: task_claim_by_id
UPDATE tide_tasks
SET state = 'leased', lease_owner = :owner, lease_account = :account::text, lease_token = :token,
    lease_expires_at = :now::bigint + COALESCE(:lease_ms::bigint, lease_ms),
    lease_granted_ms = COALESCE(:lease_ms::bigint, lease_ms), attempts = attempts + 1,
    started_at = COALESCE(started_at, :now::bigint)
WHERE id = :id AND (state || '') = 'ready' AND (expires_at IS NULL OR expires_at > :now::bigint)
  AND NOT EXISTS (SELECT 1 FROM tide_queues q WHERE q.name IN (tide_tasks.queue, '*') AND q.suspended = 1)
  AND NOT EXISTS (
      SELECT 1 FROM tide_users u JOIN tide_queues q ON q.name = u.queue
      WHERE tide_tasks.fair = 1 AND u.queue = tide_tasks.queue AND u.owner = tide_tasks.owner
        AND COALESCE(u.concurrency, q.default_concurrency) <= (
            SELECT count(*) FROM tide_tasks t
            WHERE t.queue = u.queue AND t.state = 'leased' AND t.fair = 1
              AND t.dispatch_key >= u.key_from AND t.dispatch_key < u.key_to))
RETURNING *;

-- A heartbeat without an extension (:lease_ms null) extends by what the claim granted (lease_granted_ms, V019).
-- name: task_lease_extend
UPDATE tide_tasks SET lease_expires_at = :now::bigint + COALESCE(:lease_ms::bigint, lease_granted_ms, lease_ms)
WHERE id = :id AND lease_token = :token
RETURNING id, lease_owner, lease_token, lease_expires_at,
          COALESCE(:lease_ms::bigint, lease_granted_ms, lease_ms) AS granted_ms;

-- name: task_lease_extend_many
UPDATE tide_tasks t SET lease_expires_at = :now::bigint + COALESCE(:lease_ms::bigint, t.lease_granted_ms, t.lease_ms)
FROM unnest(:ids::bigint[], :tokens::text[]) AS s(id, token)
WHERE t.id = s.id AND t.lease_token = s.token
RETURNING t.id, t.lease_owner, t.lease_token, t.lease_expires_at,
          COALESCE(:lease_ms::bigint, t.lease_granted_ms, t.lease_ms) AS granted_ms;

-- name: task_finish
UPDATE tide_tasks
SET state = 'finished', outcome = :outcome, result = :result, message = COALESCE(:message, message),
    finished_at = :now, lease_token = NULL, lease_expires_at = NULL
WHERE id = :id AND lease_token = :token
RETURNING job_id, queue, fair, has_dependents, type, units, granted_units;

-- name: task_reschedule
UPDATE tide_tasks
SET state = :state, run_at = :run_at, message = COALESCE(:message, message), attempts = attempts - :refund::bigint,
    lease_token = NULL, lease_expires_at = NULL
WHERE id = :id AND lease_token = :token
RETURNING job_id, queue, fair, has_dependents, type, units, granted_units;

-- Tasks of one claim (one lease token) that end with one outcome and no result or message: the common
-- acknowledgement, in one short statement for many tasks. A task missing from the answer lost its lease.
-- name: task_finish_many
UPDATE tide_tasks
SET state = 'finished', outcome = :outcome, finished_at = :now, lease_token = NULL, lease_expires_at = NULL
WHERE id = ANY(:ids::bigint[]) AND lease_token = :token
RETURNING id, job_id, queue, fair, has_dependents, type, units, granted_units;

-- task_finish and task_reschedule for many leases in one statement, each row a compare-and-set on its token. The
-- caller passes distinct task ids in ascending order (concurrent batches then lock rows in one order) and maps the
-- answer back by ord (1-based); a row missing from the answer lost its lease.
-- name: task_settle_many
UPDATE tide_tasks t
SET state = s.state,
    outcome = s.outcome,
    result = CASE WHEN s.state = 'finished' THEN s.result ELSE t.result END,
    message = COALESCE(s.message, t.message),
    run_at = CASE WHEN s.state = 'finished' THEN t.run_at ELSE s.run_at END,
    attempts = t.attempts - s.refund,
    finished_at = CASE WHEN s.state = 'finished' THEN :now::bigint ELSE t.finished_at END,
    lease_token = NULL, lease_expires_at = NULL
FROM unnest(:ids::bigint[], :tokens::text[], :states::text[], :outcomes::text[], :results::text[],
            :messages::text[], :run_ats::bigint[], :refunds::int[])
     WITH ORDINALITY AS s(id, token, state, outcome, result, message, run_at, refund, ord)
WHERE t.id = s.id AND t.lease_token = s.token
RETURNING s.ord, t.job_id, t.queue, t.fair, t.has_dependents, t.type, t.units, t.granted_units;

-- name: task_get_many
SELECT * FROM tide_tasks WHERE id = ANY(:ids::bigint[]);

-- name: task_retry
UPDATE tide_tasks
SET state = 'ready', outcome = NULL, attempts = 0, run_at = :now, finished_at = NULL
WHERE id = :id AND (state || '') = 'finished' AND outcome IN ('failed', 'cancelled')
RETURNING job_id, queue, fair, has_dependents, type, units, granted_units;

-- Dependencies (see Dependents). Marks tasks as depended on and answers their states, before the dependents' rows
-- are written; on PostgreSQL the update locks each row against a settlement ending it meanwhile.
-- name: task_dependencies_mark
UPDATE tide_tasks SET has_dependents = 1 WHERE id = ANY(:ids::bigint[])
RETURNING id, state, outcome;

-- name: task_dependencies_add
INSERT INTO tide_task_dependencies (depends_on, task_id)
SELECT * FROM unnest(:depends_on::bigint[], :task_ids::bigint[]);

-- A new task's unmet dependencies: blocked while there are any, else free to run now or at its run-at.
-- The new tasks :ids (distinct) with their :blockers and :depends_on, at the same positions of the three arrays.
-- name: task_dependencies_set
UPDATE tide_tasks t
SET blockers = d.blockers, depends_on = d.depends_on,
    state = CASE WHEN d.blockers > 0 THEN 'blocked' WHEN t.run_at > :now::bigint THEN 'scheduled' ELSE 'ready' END
FROM unnest(:ids::bigint[], :blockers::bigint[], :depends_on::text[]) AS d(id, blockers, depends_on)
WHERE t.id = d.id
RETURNING t.*;

-- The tasks waiting on :ids, one blocker fewer per task of :ids they wait on (after a failure, only those that run
-- anyway); those with none left become ready or scheduled, parked ones stay parked.
-- name: task_dependents_release
UPDATE tide_tasks t
SET blockers = t.blockers - m.n,
    state = CASE WHEN t.state <> 'blocked' OR t.blockers > m.n THEN t.state
                 WHEN t.run_at > :now::bigint THEN 'scheduled' ELSE 'ready' END
FROM (SELECT task_id, count(*) AS n FROM tide_task_dependencies WHERE depends_on IN (SELECT unnest(:ids::bigint[])) GROUP BY task_id) AS m
WHERE t.id = m.task_id AND t.blockers > 0 AND (t.state || '') IN ('blocked', 'parked')
  AND (:failed::bigint = 0 OR t.run_anyway = 1)
RETURNING t.queue, t.state;

-- The tasks waiting on :ids that do not run anyway end cancelled, naming the dependency.
-- name: task_dependents_cancel
UPDATE tide_tasks t
SET state = 'finished', outcome = 'cancelled', finished_at = :now,
    message = 'dependency ' || m.depends_on || ' ended ' || :outcome::text
FROM (SELECT task_id, min(depends_on) AS depends_on FROM tide_task_dependencies WHERE depends_on IN (SELECT unnest(:ids::bigint[]))
      GROUP BY task_id) AS m
WHERE t.id = m.task_id AND t.blockers > 0 AND (t.state || '') IN ('blocked', 'parked') AND t.run_anyway = 0
RETURNING t.id, t.job_id, t.queue, t.fair, t.has_dependents, t.type, t.units, t.granted_units;

-- Waiting tasks past their expiry end expired, oldest expiry first.
-- name: task_expire_due
UPDATE tide_tasks SET state = 'finished', outcome = 'expired', finished_at = :now
WHERE id = ANY(ARRAY(
    SELECT id FROM tide_tasks
    WHERE expires_at <= :now AND expires_at IS NOT NULL AND state IN ('scheduled', 'blocked', 'ready', 'parked')
    ORDER BY expires_at LIMIT :limit
    FOR UPDATE SKIP LOCKED))
  AND state IN ('scheduled', 'blocked', 'ready', 'parked')
RETURNING id, job_id, queue, fair, has_dependents, type, units, granted_units;

-- Unparked tasks return to the state they would have now: blocked while they wait on others, else scheduled or
-- ready by their run-at.
-- name: task_unpark
UPDATE tide_tasks
SET state = CASE WHEN blockers > 0 THEN 'blocked' WHEN run_at > :now::bigint THEN 'scheduled' ELSE 'ready' END
WHERE state = 'parked'
  /*filters*/
RETURNING queue, state;

-- name: park_if_ids
AND id = ANY(:ids::bigint[])

-- Moves up to :limit waiting tasks of a late job, in ordered queues (fifo, priority, edf; a queue without a row is in
-- priority order), behind the late lane's start; their order among themselves stays.
-- name: task_late_move
UPDATE tide_tasks SET dispatch_key = :late_lane::bytea || dispatch_key
WHERE id = ANY(ARRAY(
    SELECT t.id FROM tide_tasks t
    WHERE t.job_id = :job_id AND (t.state || '') IN ('scheduled', 'blocked', 'ready', 'parked') AND t.fair = 0
      AND t.dispatch_key < :late_lane
      AND COALESCE((SELECT q.discipline FROM tide_queues q WHERE q.name = t.queue), 'priority')
          IN ('fifo', 'priority', 'edf')
    LIMIT :limit))
  AND (state || '') IN ('scheduled', 'blocked', 'ready', 'parked') AND dispatch_key < :late_lane;

-- A worker name's leases as one account sees them (AccountWorkers): those it claimed, or all when :account is null.
-- name: task_lease_list
SELECT * FROM tide_tasks
WHERE state = 'leased' AND lease_owner = :owner AND (:account::text IS NULL OR lease_account = :account::text)
ORDER BY id;

-- A resume without a lease length keeps the one the claim granted.
-- name: task_lease_resume
UPDATE tide_tasks SET lease_token = :token,
    lease_expires_at = :now::bigint + COALESCE(:lease_ms::bigint, lease_granted_ms, lease_ms),
    lease_granted_ms = COALESCE(:lease_ms::bigint, lease_granted_ms, lease_ms)
WHERE state = 'leased' AND lease_owner = :owner AND (:account::text IS NULL OR lease_account = :account::text)
RETURNING *;

-- name: task_lease_of_owner
SELECT id, lease_token, type, attempts, max_attempts FROM tide_tasks
WHERE state = 'leased' AND lease_owner = :owner AND (:account::text IS NULL OR lease_account = :account::text);

-- name: task_promote_due
UPDATE tide_tasks SET state = 'ready'
WHERE id = ANY(ARRAY(
    SELECT id FROM tide_tasks WHERE state = 'scheduled' AND run_at <= :now ORDER BY run_at LIMIT :limit
    FOR UPDATE SKIP LOCKED))
RETURNING queue;

-- Answers one row per task deleted, with the blob the caller must delete after the commit (null when none is left).
-- name: task_prune
DELETE FROM tide_tasks WHERE id = ANY(ARRAY(
    SELECT id FROM tide_tasks WHERE state = 'finished' AND finished_at < :cutoff ORDER BY finished_at LIMIT :limit
    FOR UPDATE SKIP LOCKED))
RETURNING CASE WHEN blob_deleted_at IS NULL THEN blob_key END AS blob_key;

-- Blob store (BlobPayloads). Of these keys, those a task still refers to: the orphan sweep and a refused enqueue
-- delete only the others. Reads tide_tasks_blob.
-- name: task_blob_referenced
SELECT blob_key FROM tide_tasks WHERE blob_key = ANY(:keys::text[]) AND blob_deleted_at IS NULL;

-- Lets go of the blobs of these tasks if they succeeded and are of a type that deletes blobs on completion; answers
-- the keys for the caller to delete after the commit.
-- name: task_blob_release
UPDATE tide_tasks SET blob_deleted_at = :now
WHERE id = ANY(:ids::bigint[]) AND type = ANY(:types::text[])
  AND outcome = 'succeeded' AND blob_key IS NOT NULL AND blob_deleted_at IS NULL
RETURNING blob_key;

-- Advisory lock keys are (class, schema): class 1953064037 is "tide" in ASCII, plus 0 for migrations and 1 for the
-- maintenance leader; the schema's hash keeps Tide installations in different schemas of one database apart.
-- name: schema_lock
SELECT pg_advisory_xact_lock(1953064037, hashtext(current_schema()));

-- name: leader_try_lock
SELECT pg_try_advisory_lock(1953064038, hashtext(current_schema())) AS acquired;

-- name: leader_held
SELECT COUNT(*) AS n FROM pg_locks
WHERE locktype = 'advisory' AND pid = pg_backend_pid() AND granted
  AND classid = 1953064038::oid AND objid = hashtext(current_schema())::oid AND objsubid = 2;

-- name: leader_unlock
SELECT pg_advisory_unlock(1953064038, hashtext(current_schema())) AS released;

-- name: ready_notify
SELECT pg_notify('tide_ready', payload) FROM unnest(:payloads::text[]) AS payload;

-- The schema Tide's tables live in: the first existing schema of the search path (?currentSchema= in the URL).
-- name: current_schema
SELECT current_schema() AS schema, current_setting('autovacuum') AS autovacuum,
       to_regclass('tide_settings') IS NOT NULL AS settings_present;

-- Remembers that this database was told autovacuum is off, so that the warning is logged once, not by every command.
-- name: autovacuum_warning_record
INSERT INTO tide_settings (name, value, updated_at) VALUES ('warned.autovacuum_off', 'true', :now)
ON CONFLICT (name) DO NOTHING;

-- The database's time in epoch milliseconds, for the clock every node shares (DatabaseAnchoredClock).
-- name: database_now
SELECT floor(extract(epoch FROM clock_timestamp()) * 1000)::bigint AS now_ms;

-- name: event_prune
DELETE FROM tide_events WHERE id = ANY(ARRAY(
    SELECT id FROM tide_events WHERE at < :cutoff ORDER BY at LIMIT :limit));

-- Maintenance: the intake's records of files past the event log's retention, oldest first, in batches.
-- name: intake_file_prune
DELETE FROM tide_intake_files WHERE id = ANY(ARRAY(
    SELECT id FROM tide_intake_files WHERE at < :cutoff ORDER BY at LIMIT :limit));

-- name: profile_hour_add
UPDATE tide_profile_hours SET used = used + :units::bigint WHERE profile = :profile AND hour_start = :hour_start;

-- A profile's tasks leased now, for its concurrency cap: counted from the leased tasks (a worker's handful each).
-- name: profile_leased_types
SELECT count(*) AS n FROM tide_tasks WHERE state = 'leased' AND lease_token <> :token AND type = ANY(:types::text[]);

-- name: profile_leased_job_type
SELECT count(*) AS n FROM tide_tasks
WHERE state = 'leased' AND lease_token <> :token AND job_type = :job_type AND type <> ALL(:profiled_types::text[]);

-- The units a claim granted, kept on each task so that an acknowledgement can give back what it did not use.
-- name: task_charge
UPDATE tide_tasks SET granted_units = :units, charge_profile = :profile, charge_hour = :hour_start
WHERE id = :id AND (state || '') = 'leased';

-- The grants of the tasks a claim started whole (the common case), in one statement per profile and hour.
-- name: task_charge_whole
UPDATE tide_tasks SET granted_units = units, charge_profile = :profile, charge_hour = :hour_start
WHERE id = ANY(:ids::bigint[]) AND (state || '') = 'leased';

-- Tasks a claim leased beyond what their profile allows go back as they were, in the claim's own transaction.
-- name: task_claim_give_back
UPDATE tide_tasks
SET state = 'ready', lease_owner = NULL, lease_token = NULL, lease_expires_at = NULL, attempts = attempts - 1,
    started_at = CASE WHEN started_at = :now::bigint THEN NULL ELSE started_at END
WHERE id = ANY(:ids::bigint[]) AND lease_token = :token;

-- name: load_hour_add
INSERT INTO tide_load_hours (signal, hour_start, total, samples) VALUES (:signal, :hour_start, :value, 1)
ON CONFLICT (signal, hour_start) DO UPDATE SET total = tide_load_hours.total + excluded.total, samples = tide_load_hours.samples + 1;

-- name: load_hours_mean
SELECT sum(total) AS total, sum(samples) AS samples FROM tide_load_hours
WHERE signal = :signal AND hour_start = ANY(:hours::bigint[]);

-- The load signal db.connections: this database's connections running a statement now.
-- name: pg_active_connections
SELECT count(*) AS n FROM pg_stat_activity WHERE datname = current_database() AND state = 'active';

-- Schedules. A replacement keeps the next firing when it keeps the expression and zone (and is not resumed by it);
-- :paused NULL keeps a replaced schedule's state and starts a new one running.
-- name: schedule_upsert
INSERT INTO tide_schedules (name, definition, cron, zone, paused, next_fire_at, updated_at)
VALUES (:name, :definition, :cron, :zone, COALESCE(:paused::smallint, 0), :next_fire_at, :now)
ON CONFLICT (name) DO UPDATE SET
    definition = excluded.definition,
    cron = excluded.cron,
    zone = excluded.zone,
    paused = COALESCE(:paused::smallint, tide_schedules.paused),
    next_fire_at = CASE
        WHEN tide_schedules.cron = excluded.cron AND tide_schedules.zone = excluded.zone
            AND tide_schedules.paused <= COALESCE(:paused::smallint, tide_schedules.paused)
        THEN tide_schedules.next_fire_at ELSE excluded.next_fire_at END,
    updated_at = excluded.updated_at
RETURNING *;

-- Pausing keeps the next firing (:next_fire_at NULL); resuming sets it to the first firing after now.
-- name: schedule_pause
UPDATE tide_schedules SET paused = :paused::smallint, next_fire_at = COALESCE(:next_fire_at::bigint, next_fire_at), updated_at = :now
WHERE name = :name
RETURNING *;

-- A queue's ready tasks of some types (:any_type = 1: of every type): the work a processing cycle leaves behind.
-- name: task_ready_count
SELECT COUNT(*) AS n FROM tide_tasks
WHERE queue = :queue AND state = 'ready' AND (:any_type::int = 1 OR type = ANY(:types::text[]));

-- The earliest run-at among a queue's scheduled tasks of some types: when a drained cycle's queue has work again.
-- name: task_next_run_at_of
SELECT MIN(run_at) AS next_run_at FROM tide_tasks
WHERE queue = :queue AND state = 'scheduled' AND (:any_type::int = 1 OR type = ANY(:types::text[]));

-- name: stats_prune
DELETE FROM tide_stats WHERE ctid = ANY(ARRAY(
    SELECT ctid FROM tide_stats WHERE hour_start < :cutoff ORDER BY hour_start LIMIT :limit));

-- Failures for good per task type: a range of tide_events_at.
-- name: digest_failures
SELECT (detail::json ->> 'type') AS type, count(*) AS n FROM tide_events
WHERE at >= :since AND at < :until AND kind = 'task.failed'
GROUP BY 1 ORDER BY n DESC, type;

-- name: digest_failures_latest
SELECT * FROM tide_events
WHERE at >= :since AND at < :until AND kind = 'task.failed' AND (detail::json ->> 'type') = :type
ORDER BY id DESC LIMIT :limit;

-- name: processor_start
UPDATE tide_processors SET started = :started::smallint, updated_at = :now WHERE name = :name
RETURNING *;

-- A node's rows of the processors it no longer reports about.
-- name: processor_run_forget
DELETE FROM tide_processor_runs WHERE node = :node AND processor <> ALL(:processors::text[]);

-- The indexes that serve the task list's text filters: the message's trigram index when pg_trgm was available to V021,
-- and the payload's containment index when the list's indexes are kept (list-indexes.sql).
-- name: task_search_indexes
SELECT indexname AS name FROM pg_indexes
WHERE schemaname = current_schema() AND indexname IN ('tide_tasks_message_trgm', 'tide_tasks_list_payload');

-- The store's random identity (V028), against which Tide.joining checks an application's connection.
-- name: store_id
SELECT id FROM tide_store_id;
