-- Strategos schema, version 4: where the current turn's lines begin in the game state's log.
-- A turn can take many clicks (a Freedom! card played action by action); the board posted
-- when it ends summarises all of them, from this index of the log to its end. 0 for games
-- from before: their next summary shows the latest lines of the whole log.
ALTER TABLE games ADD COLUMN turn_log_start INTEGER NOT NULL DEFAULT 0;
