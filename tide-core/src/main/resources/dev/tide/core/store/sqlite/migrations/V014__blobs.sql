-- Payloads too large for the row live in the blob store (BlobPayloads): the row keeps where, and the SHA-256 that every
-- read is checked against. payload_bytes (V005) keeps the payload's size either way, so claims filter on it as before.
-- blob_deleted_at is set when the blob is let go of before the row is pruned (its task succeeded, and its type deletes
-- blobs on completion): the payload then reads as gone.
ALTER TABLE tide_tasks ADD COLUMN blob_store TEXT;
ALTER TABLE tide_tasks ADD COLUMN blob_key TEXT;
ALTER TABLE tide_tasks ADD COLUMN blob_sha256 TEXT;
ALTER TABLE tide_tasks ADD COLUMN blob_deleted_at INTEGER;

-- The orphan sweep's question: does a task still refer to this key?
CREATE INDEX tide_tasks_blob ON tide_tasks (blob_key) WHERE blob_key IS NOT NULL;
