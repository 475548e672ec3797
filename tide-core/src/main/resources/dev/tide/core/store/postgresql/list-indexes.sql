-- PostgreSQL's own list index, beside the common ones (../list-indexes.sql), kept only with them
-- (TideBuilder.listIndexes): the payload filter (a JSON path and a value) reads it through containment,
-- payload::jsonb @> '{"customer":{"id":"abc"}}', and checks the exact path on the rows it finds (TaskListSql).
-- jsonb_path_ops holds one hash per path to each value: smaller and faster for @> than the default operator class,
-- and all that containment needs. Every enqueue writes it (a payload's values, parsed), so it is opt-in like the rest.
CREATE INDEX IF NOT EXISTS tide_tasks_list_payload ON tide_tasks USING gin ((payload::jsonb) jsonb_path_ops);
