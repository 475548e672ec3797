-- Deadline monitoring and the event log.
--
-- deadline_notice records what the deadline monitor has raised for a task or job: 0 nothing yet, 1 the early warning,
-- 2 the violation (the last). The monitor reads due deadlines from one partial index per table, ordered by
-- (deadline_notice, deadline): rows not yet warned are one range (due when deadline - margin has come), rows warned
-- and not yet late another (due when the deadline has passed), so neither pass re-reads rows it is done with. A row
-- leaves the index when its last notice is raised or when the task finishes (the job ends): a finished task costs
-- the monitor nothing, and tasks without a deadline are never in it.
ALTER TABLE tide_tasks ADD COLUMN deadline_notice INTEGER NOT NULL DEFAULT 0;
ALTER TABLE tide_jobs ADD COLUMN deadline_notice INTEGER NOT NULL DEFAULT 0;
CREATE INDEX tide_tasks_deadline_due ON tide_tasks (deadline_notice, deadline, id)
    WHERE deadline IS NOT NULL AND deadline_notice < 2 AND state <> 'finished';
CREATE INDEX tide_jobs_deadline_due ON tide_jobs (deadline_notice, deadline, id)
    WHERE deadline IS NOT NULL AND deadline_notice < 2 AND state = 'open';

-- What happened, for people and tools to look back on: newest first by id, by kind, pruned by age.
CREATE TABLE tide_events (
    id       INTEGER PRIMARY KEY AUTOINCREMENT,
    at       INTEGER NOT NULL,
    kind     TEXT NOT NULL,      -- e.g. deadline.warning, deadline.violation
    task_id  INTEGER,
    job_id   INTEGER,
    queue    TEXT,
    detail   TEXT                -- a JSON object, fields by kind
);
CREATE INDEX tide_events_kind ON tide_events (kind, id);
CREATE INDEX tide_events_at ON tide_events (at);
