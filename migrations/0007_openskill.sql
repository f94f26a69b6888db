-- Strategos schema, version 7: OpenSkill (Plackett–Luce) ratings instead of Elo.
-- 'mu' is a player's estimated skill and 'sigma' its uncertainty; 'rating' stays the number
-- shown and ranked (mu - 3 sigma, scaled: bot/rating.py). Rows from before have no mu and
-- sigma until the next start recomputes every rating from the stored results.
ALTER TABLE ratings ADD COLUMN mu REAL;
ALTER TABLE ratings ADD COLUMN sigma REAL;

-- Which rating model the ratings and the results' rating_before/rating_after were computed
-- with (one row). A start finding another version (or none) recomputes them all from the
-- stored results, in the order the games finished.
CREATE TABLE rating_model (
    id          INTEGER PRIMARY KEY CHECK (id = 1),
    version     TEXT    NOT NULL,
    computed_at TEXT    NOT NULL
);

-- The skill of each side of a game kind on a server (its team id in 'results'), learned with
-- the players' (bot/rating.py): how much more a side wins than its players' skills explain.
CREATE TABLE side_ratings (
    guild_id INTEGER NOT NULL,
    kind     TEXT    NOT NULL,
    team     TEXT    NOT NULL,
    mu       REAL    NOT NULL,
    sigma    REAL    NOT NULL,
    games    INTEGER NOT NULL DEFAULT 0,         -- rated games
    PRIMARY KEY (guild_id, kind, team)
);
