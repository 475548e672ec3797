-- A lease remembers what its claim asked for and who asked.
--
-- lease_granted_ms: the lease length the claim granted (its leaseDuration, else the task's lease_ms); a heartbeat
-- without an extension extends by it, so a worker that claimed for 2 s and crashes leaves its task for 2 s, not for
-- the type's default. NULL on leases taken before this script: those heartbeats fall back to lease_ms as before.
--
-- lease_account: the authenticated account that claimed over HTTP; NULL for embedded claims and administrators
-- (unscoped). A worker name belongs to the account that claimed under it: another account's listing, resume and
-- release of that name see only its own leases. Those lookups read the lease-expiry index, as V002 explains for
-- lease_owner: leased tasks are few, and an index of its own would cost every claim and acknowledgement a write.
ALTER TABLE tide_tasks ADD COLUMN lease_granted_ms BIGINT;
ALTER TABLE tide_tasks ADD COLUMN lease_account TEXT;
