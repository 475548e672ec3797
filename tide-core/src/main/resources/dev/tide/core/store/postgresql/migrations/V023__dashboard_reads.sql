-- Reads the dashboard's events, task and jobs pages make, each a range of one index, never a scan of a whole table.
--
-- The event log by task, by job and by actor, newest first. The actor is the "actor" field of an event's detail,
-- copied into a column of its own when the event is written (EventSql), so that a person's acts are found through an
-- index. Partial indexes: most events name no task or no actor, and those rows cost these indexes nothing.
ALTER TABLE tide_events ADD COLUMN actor TEXT;
CREATE INDEX tide_events_task ON tide_events (task_id, id) WHERE task_id IS NOT NULL;
CREATE INDEX tide_events_job ON tide_events (job_id, id) WHERE job_id IS NOT NULL;
CREATE INDEX tide_events_actor ON tide_events (actor, id) WHERE actor IS NOT NULL;
-- Events written before this migration: the writers that name an actor put it first in the detail.
UPDATE tide_events SET actor = CAST(detail AS jsonb) ->> 'actor'
WHERE detail LIKE '{"actor":"%';

-- The jobs list (JobListSql), newest first, by state, type or owner; overdue jobs are the open ones (tide_jobs_state)
-- with their deadline passed. No index of the deadline of its own: PostgreSQL would take it for the deadline monitor's
-- job_deadline_due and sort, where tide_jobs_deadline_due reads the range in order. No job counter update changes
-- these columns: a task's end in a job writes none of these indexes.
CREATE INDEX tide_jobs_state ON tide_jobs (state, id);
CREATE INDEX tide_jobs_type ON tide_jobs (type, id);
CREATE INDEX tide_jobs_owner ON tide_jobs (owner, id);
