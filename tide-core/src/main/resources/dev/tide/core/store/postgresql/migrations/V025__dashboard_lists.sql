-- Lists of the dashboard that read an index whether or not the task list's opt-in indexes are there
-- (store/list-indexes.sql). Both partial, of tasks in a rare condition: an enqueue, claim or acknowledgement of a task
-- that never failed and was never parked writes neither.
--
-- The task list's "errors only" filter (TaskListSql): the tasks that failed for good, and those failing (a message
-- from a failed attempt, waiting for the next), by id in either direction. The predicate is the filter's condition,
-- spelt as the list spells it: SQLite uses a partial index only for a query that repeats its predicate term for term.
-- A task enters it when it fails, and leaves when it succeeds or is cancelled (a successful acknowledgement without a
-- message leaves the message column null).
CREATE INDEX tide_tasks_errors ON tide_tasks (id)
    WHERE outcome = 'failed' OR (state <> 'finished' AND message IS NOT NULL);

-- The Parking page's parked tasks, by id: without it a page walks the whole table in id order looking for them
-- (tide_tasks_parked, by owner and received time, is for unparking).
CREATE INDEX tide_tasks_parked_id ON tide_tasks (id) WHERE state = 'parked';
