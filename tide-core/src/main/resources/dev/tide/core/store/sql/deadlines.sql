-- Deadlines of tasks and jobs (DeadlineMonitor).
-- Statements whose text is the same on SQLite and PostgreSQL. Each dialect's own text of the others is in its
-- queries.sql, where a statement of the same name as one here overrides it.

-- Deadline monitoring (DeadlineMonitor). The monitor's statements repeat the predicate of the partial indexes
-- tide_tasks_deadline_due and tide_jobs_deadline_due word for word, so that every planner sees the index applies, and
-- read one range of it: :notice 0 for rows not yet warned (due from :until = now + margin), 1 for rows warned (due
-- from :until = now). The task's job type comes along for the job type's alerts, looked up by key for each due row
-- (a subquery rather than a join, which a planner could turn into a scan of every job).
-- name: task_deadline_due
SELECT t.id, t.job_id, t.type, t.queue, t.owner, t.deadline, t.deadline_notice,
       (SELECT j.type FROM tide_jobs j WHERE j.id = t.job_id) AS job_type
FROM tide_tasks t
WHERE t.deadline IS NOT NULL AND t.deadline_notice < 2 AND t.state <> 'finished'
  AND t.deadline_notice = :notice AND t.deadline <= :until
ORDER BY t.deadline, t.id
LIMIT :limit;

-- name: job_deadline_due
SELECT j.id, j.type, j.owner, j.deadline, j.deadline_notice
FROM tide_jobs j
WHERE j.deadline IS NOT NULL AND j.deadline_notice < 2 AND j.state = 'open'
  AND j.deadline_notice = :notice AND j.deadline <= :until
ORDER BY j.deadline, j.id
LIMIT :limit;

-- The earliest deadline in one range, for the monitor to sleep until it falls due.
-- name: task_deadline_next
SELECT t.deadline FROM tide_tasks t
WHERE t.deadline IS NOT NULL AND t.deadline_notice < 2 AND t.state <> 'finished' AND t.deadline_notice = :notice
ORDER BY t.deadline LIMIT 1;

-- name: job_deadline_next
SELECT j.deadline FROM tide_jobs j
WHERE j.deadline IS NOT NULL AND j.deadline_notice < 2 AND j.state = 'open' AND j.deadline_notice = :notice
ORDER BY j.deadline LIMIT 1;

-- Records a notice as raised, a compare-and-set: it changes nothing (and the notice is not raised) when another node
-- raised it first or the task finished meanwhile.
-- name: task_deadline_mark
UPDATE tide_tasks SET deadline_notice = :raised
WHERE id = :id AND deadline_notice = :notice AND state <> 'finished';

-- name: job_deadline_mark
UPDATE tide_jobs SET deadline_notice = :raised
WHERE id = :id AND deadline_notice = :notice AND state = 'open';
