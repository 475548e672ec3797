-- Users of a Tide server (the built-in user store) and their tokens. Not to be confused with tide_users, the fair
-- queues' per-user shares: an account is who may call the server, a queue user is whose tasks take turns.
--
-- roles: comma-separated wire names (submitter, worker, admin). password_hash: a PHC string (Argon2id), NULL for
-- a user that signs in with API tokens only. Limits NULL: the server's default (tide_settings).
CREATE TABLE tide_accounts (
    name                TEXT PRIMARY KEY,
    roles               TEXT NOT NULL,
    password_hash       TEXT,
    disabled            INTEGER NOT NULL DEFAULT 0,
    pending_limit       INTEGER,
    submits_per_minute  INTEGER,
    created_at          INTEGER NOT NULL,
    updated_at          INTEGER NOT NULL
);

-- Only a digest of each token is kept (SHA-256, hex): a token is 256 random bits, so a fast digest cannot be
-- reversed by guessing, and a lookup is one primary-key read. id (a prefix of the digest) names it in listings.
CREATE TABLE tide_tokens (
    digest      TEXT PRIMARY KEY,
    id          TEXT NOT NULL,
    account     TEXT NOT NULL,
    kind        TEXT NOT NULL,
    label       TEXT,
    created_at  INTEGER NOT NULL,
    expires_at  INTEGER
);
CREATE INDEX tide_tokens_account ON tide_tokens (account, id);
CREATE INDEX tide_tokens_expiry ON tide_tokens (expires_at) WHERE expires_at IS NOT NULL;

-- Server-wide settings every node reads (defaults of the per-user limits, ...), by name.
CREATE TABLE tide_settings (
    name        TEXT PRIMARY KEY,
    value       TEXT NOT NULL,
    updated_at  INTEGER NOT NULL
);
