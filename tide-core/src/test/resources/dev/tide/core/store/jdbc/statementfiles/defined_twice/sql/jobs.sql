-- A fixture of StatementFilesTest: a second file of the common layer.

-- The mistake: task_get again in the same layer, in another file.
-- name: task_get
SELECT id FROM tide_tasks WHERE id = :id;
