-- Strategos schema, version 4, in PostgreSQL's form (see ../0004_turn_log_start.sql).
ALTER TABLE games ADD COLUMN turn_log_start BIGINT NOT NULL DEFAULT 0;
