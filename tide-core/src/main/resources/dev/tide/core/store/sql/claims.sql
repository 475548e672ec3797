-- Claims: the claim statement and the filters composed into it (SqlFile.composed), fair queues' turns, claims by id.
-- Statements whose text is the same on SQLite and PostgreSQL. Each dialect's own text of the others is in its
-- queries.sql, where a statement of the same name as one here overrides it.

-- name: claim_if_payload_at_most
AND payload_bytes <= :max_payload_bytes

-- name: claim_unless_prohibited
AND NOT EXISTS (SELECT 1 FROM tide_prohibited_users p WHERE p.owner = tide_tasks.owner AND p.scope IN ('*', :queue))

-- The first user fair_users_next would serve, were no row locked. When another claimer holds it, this claim serves
-- no one more than a round ahead of it, so that a user held by concurrent claims is not overtaken for good.
-- name: fair_users_first
SELECT u.owner, u.pass
FROM tide_users u
WHERE u.queue = :queue AND u.active = 1
  /*filters*/
ORDER BY u.pass, u.owner
LIMIT :limit;

-- name: fair_unless_prohibited
AND NOT EXISTS (SELECT 1 FROM tide_prohibited_users p WHERE p.owner = u.owner AND p.scope IN ('*', :queue))

-- A fair user's leases now, counted up to its cap, in a statement of its own after fair_users_next locked the user's
-- row: every claim that leased the user's tasks before has committed by then, so the count is exact.
-- name: fair_user_leased
SELECT count(*) AS n FROM (
    SELECT 1 FROM tide_tasks
    WHERE queue = :queue AND state = 'leased' AND fair = 1 AND dispatch_key >= :key_from AND dispatch_key < :key_to
    LIMIT :cap) leases;

-- Wakes users deactivated since :since that have ready tasks (an enqueue can race the claim that deactivates).
-- name: fair_users_wake
UPDATE tide_users SET active = 1
WHERE active = 0 AND deactivated_at >= :since
  AND EXISTS (SELECT 1 FROM tide_tasks t
              WHERE t.queue = tide_users.queue AND t.state = 'ready'
                AND t.dispatch_key >= tide_users.key_from AND t.dispatch_key < tide_users.key_to);
