-- Strategos schema, version 9, in PostgreSQL's form (see ../0009_game_threads.sql).
ALTER TABLE games ADD COLUMN thread BIGINT NOT NULL DEFAULT 0;
