-- Strategos schema, version 2, in PostgreSQL's form (see ../0002_results.sql).

CREATE TABLE results (
    game_id       BIGINT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    role          TEXT   NOT NULL,
    user_id       BIGINT NOT NULL,
    guild_id      BIGINT NOT NULL,
    kind          TEXT   NOT NULL,
    team          TEXT   NOT NULL,
    outcome       TEXT   NOT NULL CHECK (outcome IN ('win', 'loss', 'draw')),
    score         DOUBLE PRECISION,
    rating_before DOUBLE PRECISION,
    rating_after  DOUBLE PRECISION,
    finished_at   TEXT   NOT NULL,
    PRIMARY KEY (game_id, role)
);
CREATE INDEX results_by_user ON results (guild_id, user_id, kind);

CREATE TABLE ratings (
    guild_id BIGINT NOT NULL,
    kind     TEXT   NOT NULL,
    user_id  BIGINT NOT NULL,
    rating   DOUBLE PRECISION NOT NULL,
    games    BIGINT NOT NULL DEFAULT 0,
    PRIMARY KEY (guild_id, kind, user_id)
);
CREATE INDEX ratings_leaderboard ON ratings (guild_id, kind, rating DESC);
