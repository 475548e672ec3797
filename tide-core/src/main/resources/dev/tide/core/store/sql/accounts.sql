-- Accounts, their tokens, and settings (owners' limits).
-- Statements whose text is the same on SQLite and PostgreSQL. Each dialect's own text of the others is in its
-- queries.sql, where a statement of the same name as one here overrides it.

-- Accounts and tokens (AccountSql): the built-in user store.
-- name: account_insert
INSERT INTO tide_accounts (name, roles, password_hash, pending_limit, submits_per_minute, created_at, updated_at)
VALUES (:name, :roles, :password_hash, :pending_limit, :submits_per_minute, :now, :now)
ON CONFLICT (name) DO NOTHING
RETURNING *;

-- name: account_get
SELECT * FROM tide_accounts WHERE name = :name;

-- name: account_list
SELECT * FROM tide_accounts ORDER BY name;

-- name: account_set_roles
UPDATE tide_accounts SET roles = :roles, updated_at = :now WHERE name = :name RETURNING *;

-- name: account_set_password
UPDATE tide_accounts SET password_hash = :password_hash, updated_at = :now WHERE name = :name RETURNING *;

-- name: account_set_limits
UPDATE tide_accounts SET pending_limit = :pending_limit, submits_per_minute = :submits_per_minute, updated_at = :now
WHERE name = :name RETURNING *;

-- name: account_set_disabled
UPDATE tide_accounts SET disabled = :disabled, updated_at = :now WHERE name = :name RETURNING *;

-- name: token_insert
INSERT INTO tide_tokens (digest, id, account, kind, label, created_at, expires_at)
VALUES (:digest, :id, :account, :kind, :label, :created_at, :expires_at);

-- Who holds a token: one primary-key read and the account beside it.
-- name: token_lookup
SELECT a.name, a.roles, a.disabled, t.expires_at FROM tide_tokens t JOIN tide_accounts a ON a.name = t.account
WHERE t.digest = :digest;

-- name: token_list
SELECT * FROM tide_tokens WHERE account = :account ORDER BY created_at, id;

-- name: token_delete
DELETE FROM tide_tokens WHERE account = :account AND id = :id;

-- name: token_delete_sessions
DELETE FROM tide_tokens WHERE account = :account AND kind = 'session';

-- name: token_prune
DELETE FROM tide_tokens WHERE expires_at IS NOT NULL AND expires_at <= :now;

-- name: setting_get
SELECT value FROM tide_settings WHERE name = :name;

-- name: setting_put
INSERT INTO tide_settings (name, value, updated_at) VALUES (:name, :value, :now)
ON CONFLICT (name) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at;

-- name: setting_delete
DELETE FROM tide_settings WHERE name = :name;

-- Per-user admission (OwnerAdmission): users with limits of their own, a user's pending tasks across queues (read up
-- to the limit), and the minute's submissions, counted only while they stay within the limit.
-- name: account_limits
SELECT name, pending_limit, submits_per_minute FROM tide_accounts
WHERE pending_limit IS NOT NULL OR submits_per_minute IS NOT NULL;
