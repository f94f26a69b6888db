-- Strategos schema, version 5: the states of the last two boards posted for a game, so that
-- each board can show what changed since the one before it.
-- 'state' is the engine state (JSON) of the last board posted at a turn's start (or at the
-- game's start); 'previous' the one before it (NULL: the first board). Both are whole
-- states, turned into the spectator view only when drawn. Written with the game's row in
-- the transaction of the action that ended the turn (and by an undo, from its replay);
-- 'version' is the game's version after that write. A game running before this migration
-- has no row until its next turn ends (that board then shows no change).
CREATE TABLE boards (
    game_id  INTEGER PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
    state    TEXT    NOT NULL,
    previous TEXT,
    version  INTEGER NOT NULL
);
