-- Strategos schema, version 2: finished-game results and Elo ratings per game kind.

CREATE TABLE results (
    game_id       INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    role          TEXT    NOT NULL,
    user_id       INTEGER NOT NULL,
    guild_id      INTEGER NOT NULL,
    kind          TEXT    NOT NULL,
    team          TEXT    NOT NULL,
    outcome       TEXT    NOT NULL CHECK (outcome IN ('win', 'loss', 'draw')),
    score         REAL,
    rating_before REAL,                          -- NULL when the game was not rated
    rating_after  REAL,
    finished_at   TEXT    NOT NULL,
    PRIMARY KEY (game_id, role)
);
CREATE INDEX results_by_user ON results (guild_id, user_id, kind);

CREATE TABLE ratings (
    guild_id INTEGER NOT NULL,
    kind     TEXT    NOT NULL,
    user_id  INTEGER NOT NULL,
    rating   REAL    NOT NULL,
    games    INTEGER NOT NULL DEFAULT 0,         -- rated games
    PRIMARY KEY (guild_id, kind, user_id)
);
CREATE INDEX ratings_leaderboard ON ratings (guild_id, kind, rating DESC);
