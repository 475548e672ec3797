-- Folder intake.
-- Statements whose text is the same on SQLite and PostgreSQL. Each dialect's own text of the others is in its
-- queries.sql, where a statement of the same name as one here overrides it.

-- Folder intake (IntakeSql): one row, made by the first write; a pass adds its counts and keeps the latest scan time
-- of any node (nodes' passes may commit out of order).
-- name: intake_get
SELECT enabled, files_stored, files_rejected, last_scan_at FROM tide_intake WHERE id = 1;

-- name: intake_switch
INSERT INTO tide_intake (id, enabled, switched_at) VALUES (1, :enabled, :now)
ON CONFLICT (id) DO UPDATE SET enabled = excluded.enabled, switched_at = excluded.switched_at;

-- name: intake_record
INSERT INTO tide_intake (id, files_stored, files_rejected, last_scan_at) VALUES (1, :stored, :rejected, :scanned_at)
ON CONFLICT (id) DO UPDATE SET
    files_stored = tide_intake.files_stored + excluded.files_stored,
    files_rejected = tide_intake.files_rejected + excluded.files_rejected,
    last_scan_at = CASE WHEN tide_intake.last_scan_at IS NULL OR tide_intake.last_scan_at < excluded.last_scan_at
        THEN excluded.last_scan_at ELSE tide_intake.last_scan_at END;

-- The files the passes handled (IntakeSql), written with the pass's counts; read newest first by the primary key, a
-- page below the previous page's last id.
-- name: intake_file_insert
INSERT INTO tide_intake_files (at, owner, queue, name, outcome, task_id, reason)
VALUES (:at, :owner, :queue, :name, :outcome, :task_id, :reason);

-- name: intake_file_list
SELECT id, at, owner, queue, name, outcome, task_id, reason FROM tide_intake_files
WHERE id < :before ORDER BY id DESC LIMIT :limit;
