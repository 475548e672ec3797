-- A worker's leases are looked up only when it restarts or asks for them, and the leased tasks are few (at most what
-- the workers hold at once), so those lookups read the lease-expiry index, which covers exactly the leased tasks.
-- An index of its own cost every claim an insert into it and every acknowledgement a delete from it.
DROP INDEX tide_tasks_lease_owner;
