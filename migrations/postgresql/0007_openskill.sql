-- Strategos schema, version 7, in PostgreSQL's form (see ../0007_openskill.sql).
ALTER TABLE ratings ADD COLUMN mu DOUBLE PRECISION;
ALTER TABLE ratings ADD COLUMN sigma DOUBLE PRECISION;

CREATE TABLE rating_model (
    id          BIGINT PRIMARY KEY CHECK (id = 1),
    version     TEXT   NOT NULL,
    computed_at TEXT   NOT NULL
);

CREATE TABLE side_ratings (
    guild_id BIGINT NOT NULL,
    kind     TEXT   NOT NULL,
    team     TEXT   NOT NULL,
    mu       DOUBLE PRECISION NOT NULL,
    sigma    DOUBLE PRECISION NOT NULL,
    games    BIGINT NOT NULL DEFAULT 0,
    PRIMARY KEY (guild_id, kind, team)
);
