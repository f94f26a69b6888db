-- Strategos schema, version 5, in PostgreSQL's form (see ../0005_boards.sql).
CREATE TABLE boards (
    game_id  BIGINT PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
    state    TEXT   NOT NULL,
    previous TEXT,
    version  BIGINT NOT NULL
);
