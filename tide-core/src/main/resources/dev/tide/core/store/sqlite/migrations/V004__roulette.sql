-- Roulette queues: each task's share of the draw, and each queue's race clock (the dispatch key of the task claimed
-- last, at which newcomers start their race).
ALTER TABLE tide_tasks ADD COLUMN weight REAL NOT NULL DEFAULT 1;
ALTER TABLE tide_queues ADD COLUMN race_clock BLOB;
