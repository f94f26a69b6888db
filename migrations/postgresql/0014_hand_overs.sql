-- Strategos schema, version 14, in PostgreSQL's form (see ../0014_hand_overs.sql).
CREATE TABLE hand_overs (
    game_id BIGINT PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
    version BIGINT NOT NULL,
    roles   TEXT   NOT NULL,
    actor   BIGINT,
    due     TEXT   NOT NULL
);
