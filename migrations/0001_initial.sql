-- Strategos schema, version 1: settings, games, seats and the append-only action log.
-- Timestamps are UTC text in one fixed format (YYYY-MM-DD HH:MM:SS.ffffff) so they sort as text.

CREATE TABLE guild_settings (
    guild_id          INTEGER PRIMARY KEY,
    moderator_role_id INTEGER
);

CREATE TABLE user_settings (
    user_id INTEGER PRIMARY KEY,
    notify  TEXT NOT NULL DEFAULT 'mention' CHECK (notify IN ('mention', 'dm', 'both'))
);

CREATE TABLE games (
    id               INTEGER PRIMARY KEY AUTOINCREMENT,
    guild_id         INTEGER NOT NULL,
    channel_id       INTEGER NOT NULL,           -- a text channel or a thread
    kind             TEXT    NOT NULL,           -- registry id of the game, e.g. 'freedom'
    status           TEXT    NOT NULL DEFAULT 'lobby'
                     CHECK (status IN ('lobby', 'running', 'paused', 'finished', 'aborted')),
    seed             TEXT,                       -- secret until the game is finished
    seed_sha256      TEXT,                       -- public from the start
    players          INTEGER NOT NULL DEFAULT 0, -- number of seats when the game started
    options          TEXT    NOT NULL DEFAULT '{}',
    state            TEXT,                       -- JSON snapshot of the engine state
    version          INTEGER NOT NULL DEFAULT 0, -- bumped by every write; buttons carry it
    host_id          INTEGER NOT NULL,
    created_at       TEXT    NOT NULL,
    updated_at       TEXT    NOT NULL,
    timeout_hours    REAL,                       -- NULL: no turn timer
    timeout_policy   TEXT    NOT NULL DEFAULT 'pass' CHECK (timeout_policy IN ('pass', 'resign')),
    deadline         TEXT,                       -- when the waiting roles time out
    remind_at        TEXT,                       -- half time: when they are reminded
    reminded         INTEGER NOT NULL DEFAULT 0,
    board_message_id INTEGER,
    rematch_of       INTEGER REFERENCES games (id)
);

-- One active game per channel; a finished or aborted game frees the channel.
CREATE UNIQUE INDEX games_one_active_per_channel
    ON games (channel_id) WHERE status IN ('lobby', 'running', 'paused');
CREATE INDEX games_by_deadline ON games (deadline) WHERE deadline IS NOT NULL;
CREATE INDEX games_by_guild ON games (guild_id, kind, status);

-- Who plays what. A user may hold several seats (a solo player, or both sides in a test).
-- In the lobby a seat may have no role yet; roles are dealt when the game starts.
CREATE TABLE seats (
    game_id   INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat      INTEGER NOT NULL,                  -- seating order, 1..n
    user_id   INTEGER NOT NULL,
    role      TEXT,
    joined_at TEXT    NOT NULL,
    PRIMARY KEY (game_id, seat)
);
CREATE UNIQUE INDEX seats_one_holder_per_role ON seats (game_id, role) WHERE role IS NOT NULL;
CREATE INDEX seats_by_user ON seats (user_id);

-- The action log is append-only: nothing is ever updated or deleted. An undo is a row of
-- its own naming the row it takes back ('undoes'); the effective history of a game is its
-- 'choice' rows (player choices, timeouts, resignations) minus the ones undone.
CREATE TABLE actions (
    game_id INTEGER NOT NULL REFERENCES games (id),
    seq     INTEGER NOT NULL,                    -- 1, 2, 3 ... per game, no gaps
    kind    TEXT    NOT NULL CHECK (kind IN ('start', 'choice', 'undo', 'mod', 'timer')),
    user_id INTEGER,                             -- who did it; NULL for the turn timer
    role    TEXT,
    choice  TEXT,                                -- the engine choice id ('!resign' resigns)
    at      TEXT    NOT NULL,
    barrier INTEGER NOT NULL DEFAULT 0,          -- rolled, drew or revealed: undo stops here
    undoes  INTEGER,                             -- for kind 'undo': the seq taken back
    version INTEGER NOT NULL,                    -- the game's version after this row
    detail  TEXT,                                -- JSON: what a moderator did, and so on
    PRIMARY KEY (game_id, seq)
);

CREATE TRIGGER actions_append_only_update BEFORE UPDATE ON actions
BEGIN
    SELECT RAISE(ABORT, 'the action log is append-only');
END;

CREATE TRIGGER actions_append_only_delete BEFORE DELETE ON actions
BEGIN
    SELECT RAISE(ABORT, 'the action log is append-only');
END;
