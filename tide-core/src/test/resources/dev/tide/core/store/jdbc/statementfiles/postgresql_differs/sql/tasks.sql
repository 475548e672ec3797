-- A fixture of StatementFilesTest: the common layer.

-- name: task_get
SELECT * FROM tide_tasks WHERE id = :id;

-- name: task_cancel
UPDATE tide_tasks SET state = 'cancelled' WHERE id = :id;
