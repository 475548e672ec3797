-- Late jobs (seed 000, 4.3.5.3): once an open job is past its deadline, its waiting tasks in fifo, priority and edf
-- queues move to the queue's late lane (their key behind DispatchKey.LATE_LANE), and claims serve the lanes by turns,
-- so the late job neither blocks the jobs after it nor starves. late_at marks a job whose tasks have all moved; the
-- index finds the open jobs whose deadline has passed and that have not moved yet.
ALTER TABLE tide_jobs ADD COLUMN late_at BIGINT;
CREATE INDEX tide_jobs_late ON tide_jobs (deadline) WHERE state = 'open' AND late_at IS NULL AND deadline IS NOT NULL;
