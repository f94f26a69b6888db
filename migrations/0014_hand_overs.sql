-- Strategos schema, version 14: hand-overs within a turn not announced yet.
-- When the play passes to other players within a turn (a draft, an answer to a card), the
-- bot pings them without a board. 'hand_overs' keeps such a ping until it is sent: the roles
-- newly asked (JSON list), the player whose choice handed over ('actor', not pinged; NULL
-- for the timer or the computer), the game's version after that write, and 'due', a stamp a
-- minute later. Written in the write's transaction, deleted once the ping is sent or when a
-- board (which pings everyone asked) is stored. A bot process killed in between leaves the
-- row: once due, the turn-timer loop of any process claims it (moving 'due' on by a lease)
-- and pings those of the roles still asked.
CREATE TABLE hand_overs (
    game_id INTEGER PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
    version INTEGER NOT NULL,
    roles   TEXT    NOT NULL,
    actor   INTEGER,
    due     TEXT    NOT NULL
);
