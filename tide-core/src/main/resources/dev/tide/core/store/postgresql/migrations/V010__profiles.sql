-- Time-of-week profiles (seed 000, table 8) and work units.
--
-- A task carries what it costs (units) and, once a profile governs its start, what it was granted and where that was
-- counted (charge_profile, charge_hour), so that an acknowledgement reporting fewer units used gives the rest back to
-- that hour. job_type is the type of the task's job, copied at insert: a job type's profile governs the tasks whose own
-- type has none, and claims filter on it without a join.
ALTER TABLE tide_tasks ADD COLUMN job_type TEXT;
ALTER TABLE tide_tasks ADD COLUMN units INTEGER NOT NULL DEFAULT 1;
ALTER TABLE tide_tasks ADD COLUMN divisible smallint NOT NULL DEFAULT 0;
ALTER TABLE tide_tasks ADD COLUMN granted_units INTEGER;
ALTER TABLE tide_tasks ADD COLUMN charge_profile TEXT;
ALTER TABLE tide_tasks ADD COLUMN charge_hour bigint;

-- One row per profile, its definition as JSON. Every change bumps the revision, which each claim reads to know
-- whether its node's copy of the profiles is current.
CREATE TABLE tide_profiles (
    key         TEXT PRIMARY KEY,   -- task:<type> or job:<type>
    definition  TEXT NOT NULL,
    updated_at  bigint NOT NULL
);
CREATE TABLE tide_profile_revision (
    id        integer PRIMARY KEY CHECK (id = 1),
    revision  bigint NOT NULL
);
INSERT INTO tide_profile_revision (id, revision) VALUES (1, 0);

-- Units started per profile and hour (an instant: the start of the hour in the zone of the entry in force). Claims
-- lock the row of their hour, so the count is exact across nodes.
CREATE TABLE tide_profile_hours (
    profile     TEXT NOT NULL,
    hour_start  bigint NOT NULL,
    used        bigint NOT NULL DEFAULT 0,
    PRIMARY KEY (profile, hour_start)
);

-- Load signals' readings summed per hour, for conditions on the same hour of past weeks.
CREATE TABLE tide_load_hours (
    signal      TEXT NOT NULL,
    hour_start  bigint NOT NULL,
    total       double precision NOT NULL,
    samples     INTEGER NOT NULL,
    PRIMARY KEY (signal, hour_start)
);
