-- Strategos schema, version 11, in PostgreSQL's form (see ../0011_job_claims.sql).
CREATE TABLE job_claims (
    game_id       BIGINT  NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    job           TEXT    NOT NULL CHECK (job IN ('timeout', 'reminder', 'computer')),
    claimed_by    TEXT    NOT NULL,                -- the process: host:pid:random
    claimed_until TEXT    NOT NULL,                -- stamp; after it, anyone may take the job
    PRIMARY KEY (game_id, job)
);
