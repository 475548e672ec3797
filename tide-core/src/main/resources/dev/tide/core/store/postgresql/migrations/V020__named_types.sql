-- Task types some worker has named: claimed a task of, or asked for by name in a claim's type filter (processors',
-- schedules' and defined types are read from their own tables). An enqueue of a type named nowhere is answered with a
-- warning, and tide status lists the types with tasks waiting that nobody named: a misspelt type is otherwise silent.
-- One row per type, written the first time a node sees the type claimed (nodes remember what they wrote).
CREATE TABLE tide_named_types (
    type      TEXT PRIMARY KEY,
    named_at  BIGINT NOT NULL
);

-- Types already claimed before this table existed.
INSERT INTO tide_named_types (type, named_at)
SELECT DISTINCT type, 0 FROM tide_tasks WHERE attempts > 0;
