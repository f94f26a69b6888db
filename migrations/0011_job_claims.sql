-- Strategos schema, version 11: background jobs claimed by one bot process at a time.
-- Several processes (gateway shards) share one database; each job of a game (its turn
-- timer running out, its half-time reminder, the computer player's moves) is done by the
-- process that holds its claim. A claim is a lease: a process that died stops renewing it,
-- and once claimed_until has passed another process takes the job over.
CREATE TABLE job_claims (
    game_id       INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    job           TEXT    NOT NULL CHECK (job IN ('timeout', 'reminder', 'computer')),
    claimed_by    TEXT    NOT NULL,                -- the process: host:pid:random
    claimed_until TEXT    NOT NULL,                -- stamp; after it, anyone may take the job
    PRIMARY KEY (game_id, job)
);
